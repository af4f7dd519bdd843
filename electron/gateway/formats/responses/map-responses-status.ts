import type { FinishReason } from '../../canonical/canonical-response.ts';
import { isRecord } from '../../canonical/json.ts';

/**
 * A response's `status` (+ `incomplete_details.reason`) as a finish reason. Responses has no
 * tool-call status: a completed answer that holds function calls ends with `tool_calls`.
 */
export function finishReasonOf(
  status: unknown,
  incompleteDetails: unknown,
  hasToolCalls: boolean,
): FinishReason {
  if (status === 'incomplete') {
    const reason = isRecord(incompleteDetails) ? incompleteDetails.reason : undefined;
    return reason === 'content_filter' ? 'content_filter' : 'length';
  }
  if (status === 'failed' || status === 'cancelled') return 'error';
  return hasToolCalls ? 'tool_calls' : 'stop';
}

export interface ResponsesTerminal {
  status: 'completed' | 'incomplete' | 'failed';
  incomplete_details: { reason: 'max_output_tokens' | 'content_filter' } | null;
  /** The terminal event that carries this status in a stream. */
  event: 'response.completed' | 'response.incomplete' | 'response.failed';
}

/** A finish reason as the status a responses client sees. */
export function terminalOf(reason: FinishReason): ResponsesTerminal {
  switch (reason) {
    case 'length':
      return {
        status: 'incomplete',
        incomplete_details: { reason: 'max_output_tokens' },
        event: 'response.incomplete',
      };
    case 'content_filter':
      return {
        status: 'incomplete',
        incomplete_details: { reason: 'content_filter' },
        event: 'response.incomplete',
      };
    case 'error':
      return { status: 'failed', incomplete_details: null, event: 'response.failed' };
    case 'stop':
    case 'tool_calls':
      return { status: 'completed', incomplete_details: null, event: 'response.completed' };
  }
}
