import { GatewayError } from '../../canonical/gateway-error.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { retryAfterMillis } from '../../upstream/retry-policy.ts';
import { decodeOpenAiError } from '../openai-error-decode.ts';

/**
 * An upstream error answer of the Messages path → GatewayError. Anthropic's body is
 * `{"type":"error","error":{"type","message"},"request_id"}`; its `type` becomes the code. A
 * relay may answer in OpenAI's shape, or with HTML or text: those go through the OpenAI
 * decoder, which reads what it can. The status is kept, and `Retry-After` with it.
 */
export function decodeAnthropicError(
  status: number,
  body: string,
  headers: Record<string, string | undefined>,
): GatewayError {
  const parsed = tryParseJson(body);
  const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : undefined;
  if (error === undefined || !isAnthropicShape(parsed, error))
    return decodeOpenAiError(status, body, headers);
  const message =
    typeof error.message === 'string' && error.message
      ? error.message
      : `The upstream answered ${status}.`;
  const waitMs = retryAfterMillis(headers['retry-after'], headers['retry-after-ms']);
  return new GatewayError(status, message, {
    code: String(error.type),
    ...(waitMs === undefined ? {} : { retryAfterSeconds: Math.ceil(waitMs / 1000) }),
  });
}

/** Anthropic's envelope says `"type":"error"`; without it, an error with neither OpenAI's `param` nor `code` is read as Anthropic's too. */
function isAnthropicShape(body: unknown, error: Record<string, unknown>): boolean {
  if (!isRecord(body) || typeof error.type !== 'string') return false;
  return body.type === 'error' || (!('param' in error) && !('code' in error));
}
