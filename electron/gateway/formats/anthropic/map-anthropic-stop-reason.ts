import type { FinishReason } from '../../canonical/canonical-response.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';

/**
 * Anthropic `stop_reason` → canonical. `pause_turn` (Anthropic paused its own long-running
 * server tool) has no canonical reason; the turn is over for the client, so it reads as `stop`
 * (rule `anthropic.pause_turn_as_stop`). An exceeded context window cut the answer: `length`.
 */
export function mapAnthropicStopReason(
  reason: unknown,
  hasToolCalls: boolean,
  ctx: ConversionContext,
): FinishReason {
  switch (reason) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    case 'pause_turn':
      addRule(ctx, 'anthropic.pause_turn_as_stop');
      return 'stop';
    default:
      // end_turn, stop_sequence, or none given.
      return hasToolCalls ? 'tool_calls' : 'stop';
  }
}

export type AnthropicStopReason = 'end_turn' | 'max_tokens' | 'tool_use' | 'refusal';

/**
 * Canonical → `stop_reason`. A turn that ends with calls is `tool_use` whatever the upstream
 * said (Gemini ends one with STOP); `error` has no Anthropic reason and is written as
 * `end_turn` (rule `anthropic.error_finish_as_end_turn`).
 */
export function toAnthropicStopReason(
  reason: FinishReason,
  hasToolCalls: boolean,
  ctx: ConversionContext,
): AnthropicStopReason {
  switch (reason) {
    case 'length':
      return 'max_tokens';
    case 'content_filter':
      return 'refusal';
    case 'error':
      addRule(ctx, 'anthropic.error_finish_as_end_turn');
      return hasToolCalls ? 'tool_use' : 'end_turn';
    default:
      return hasToolCalls || reason === 'tool_calls' ? 'tool_use' : 'end_turn';
  }
}
