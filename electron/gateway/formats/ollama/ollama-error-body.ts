import type { GatewayError } from '../../canonical/gateway-error.ts';

/**
 * Ollama's error body, `{"error": "message"}`, sent with the error's own status (Ollama's are
 * 400, 404, 429, 500 and 502 the same way). ollama-js throws a `ResponseError` carrying the
 * message and the status.
 */
export const ollamaErrorBody = (error: GatewayError): { error: string } => ({
  error: error.message,
});

/**
 * The line that ends an Ollama stream with an error once the status is out: Ollama writes
 * `{"error":"…"}` as the stream's last line, and ollama-js throws an `Error` with its message.
 */
export const ollamaStreamError = (error: GatewayError): string =>
  `${JSON.stringify(ollamaErrorBody(error))}\n`;
