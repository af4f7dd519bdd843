import { sseRecord } from '../../canonical/sse-record.ts';
import type { GatewayError } from '../../canonical/gateway-error.ts';

/** A responses stream's `error` event; with the `event:` line every openai-node version throws. */
export function responsesStreamError(error: GatewayError, sequenceNumber: number): string {
  const payload = {
    type: 'error',
    code: error.code ?? 'server_error',
    message: error.message,
    param: error.param ?? null,
    sequence_number: sequenceNumber,
  };
  return sseRecord(payload, 'error');
}
