import type { FinishReason } from '../../canonical/canonical-response.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';

export type ChatFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/**
 * An upstream `finish_reason` in canonical form. `function_call` is the legacy name of
 * `tool_calls`; DeepSeek's `insufficient_system_resource` is a failure. Other vendor strings
 * mean the model stopped. A `stop` with tool calls in the answer is `tool_calls`, because some
 * OpenAI-compatible servers report `stop` after calling tools.
 */
export function chatFinishToCanonical(reason: unknown, hasToolCalls: boolean): FinishReason {
  switch (reason) {
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'error':
    case 'insufficient_system_resource':
      return 'error';
    default:
      return hasToolCalls ? 'tool_calls' : 'stop';
  }
}

/**
 * A canonical finish reason as chat's. Chat has no `error` reason: it is written as `stop`
 * under rule `chat.error_finish_as_stop` (the lossy choice).
 */
export function canonicalFinishToChat(
  reason: FinishReason,
  hasToolCalls: boolean,
  ctx: ConversionContext,
): ChatFinishReason {
  if (reason === 'error') {
    addRule(ctx, 'chat.error_finish_as_stop');
    return hasToolCalls ? 'tool_calls' : 'stop';
  }
  if (reason === 'stop' && hasToolCalls) return 'tool_calls';
  return reason;
}
