import type { GatewayError } from '../../canonical/gateway-error.ts';
import { anthropicErrorBody } from './anthropic-error-body.ts';
import { anthropicSseEvent } from './anthropic-sse-event.ts';

/**
 * A Messages stream's error record, for failures after the status line was sent: an `error`
 * event, which @anthropic-ai/sdk turns into a thrown APIError of that type.
 */
export function anthropicStreamError(error: GatewayError, requestId?: string): string {
  return anthropicSseEvent({ ...anthropicErrorBody(error, requestId) });
}
