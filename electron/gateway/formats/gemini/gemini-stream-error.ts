import type { GatewayError } from '../../canonical/gateway-error.ts';
import { geminiErrorBody } from './gemini-error-body.ts';
import { sseRecord } from '../../canonical/sse-record.ts';

/** A native stream's error record: @google/genai throws ApiError when `error.code` is 400-599. */
export function geminiStreamError(error: GatewayError): string {
  return sseRecord(geminiErrorBody(error));
}
