import type { GatewayError } from '../server/gateway-error.ts';
import { chatStreamError } from './chat/chat-stream-error.ts';
import { geminiStreamError } from './gemini/gemini-stream-error.ts';
import { responsesStreamError } from './responses/responses-stream-error.ts';
import type { WireFormat } from './wire-format.ts';

/** The in-stream error record of a format, for failures after the status line was sent. */
export function streamErrorRecord(
  format: WireFormat,
  error: GatewayError,
  sequenceNumber = 0,
): string {
  if (format === 'chat') return chatStreamError(error);
  if (format === 'responses') return responsesStreamError(error, sequenceNumber);
  return geminiStreamError(error);
}
