import type { GatewayError } from '../../server/gateway-error.ts';
import { openAiErrorBody } from '../openai-error-body.ts';

/** A chat stream's error record: openai-node throws APIError on a top-level `error` key. */
export function chatStreamError(error: GatewayError): string {
  return `data: ${JSON.stringify(openAiErrorBody(error))}\n\n`;
}
