import type { GatewayError } from '../../server/gateway-error.ts';
import { geminiErrorBody } from './gemini-error-body.ts';

/** A native stream's error record: @google/genai throws ApiError when `error.code` is 400-599. */
export function geminiStreamError(error: GatewayError): string {
  return `data: ${JSON.stringify(geminiErrorBody(error))}\n\n`;
}
