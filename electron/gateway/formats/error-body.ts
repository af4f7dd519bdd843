import type { GatewayError } from '../server/gateway-error.ts';
import { geminiErrorBody } from './gemini/gemini-error-body.ts';
import { openAiErrorBody } from './openai-error-body.ts';
import type { WireFormat } from './wire-format.ts';

/** The error body in the format the client spoke. */
export function errorBodyFor(format: WireFormat, error: GatewayError): unknown {
  return format === 'gemini' ? geminiErrorBody(error) : openAiErrorBody(error);
}
