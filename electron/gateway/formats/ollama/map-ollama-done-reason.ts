import type { FinishReason } from '../../canonical/canonical-response.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';

/**
 * An Ollama `done_reason` as canonical. Ollama says `stop` after tool calls too (it has no
 * `tool_calls` reason), and `load` / `unload` for requests that only (un)loaded the model.
 */
export function ollamaDoneReasonToCanonical(reason: unknown, hasToolCalls: boolean): FinishReason {
  if (reason === 'length') return 'length';
  if (reason === 'content_filter') return 'content_filter';
  return hasToolCalls ? 'tool_calls' : 'stop';
}

/**
 * A canonical finish reason as Ollama's `done_reason`: `stop` after tool calls as Ollama says
 * it; `length` when the cap cut the answer; `content_filter` as is (`done_reason` is free text
 * to Ollama and its clients, and `stop` would hide that the answer was cut). Ollama has no
 * error reason: `stop` under rule `ollama.error_finish_as_stop`.
 */
export function canonicalFinishToOllama(reason: FinishReason, ctx: ConversionContext): string {
  switch (reason) {
    case 'length':
    case 'content_filter':
      return reason;
    case 'error':
      addRule(ctx, 'ollama.error_finish_as_stop');
      return 'stop';
    default:
      return 'stop';
  }
}
