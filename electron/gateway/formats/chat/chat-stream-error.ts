import type { GatewayError } from '../../canonical/gateway-error.ts';
import { openAiErrorBody } from '../openai-error-body.ts';
import { sseRecord } from '../../canonical/sse-record.ts';

/** A chat stream's error record: openai-node throws APIError on a top-level `error` key. */
export function chatStreamError(error: GatewayError): string {
  return sseRecord(openAiErrorBody(error));
}
