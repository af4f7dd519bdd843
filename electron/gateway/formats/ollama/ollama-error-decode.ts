import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { readableErrorText } from '../../upstream/error-text.ts';
import { retryAfterMillis } from '../../upstream/retry-policy.ts';

/**
 * An Ollama upstream's error answer (`{"error": "message"}`, or text from a proxy in front of
 * it) as a GatewayError with its status and the upstream's `Retry-After`. A body in OpenAI's
 * shape (`{"error": {"message": …}}`, from a relay) is read too.
 */
export function decodeOllamaError(
  status: number,
  body: string,
  headers: Record<string, string | undefined>,
): GatewayError {
  const parsed = tryParseJson(body);
  const error = isRecord(parsed) ? parsed.error : undefined;
  const nested = isRecord(error) ? error : undefined;
  const message =
    typeof error === 'string' && error
      ? error
      : typeof nested?.message === 'string' && nested.message
        ? nested.message
        : readableErrorText(status, body);
  const waitMs = retryAfterMillis(headers['retry-after'], headers['retry-after-ms']);
  return new GatewayError(status, message, {
    ...(typeof nested?.code === 'string' ? { code: nested.code } : {}),
    ...(waitMs === undefined ? {} : { retryAfterSeconds: Math.ceil(waitMs / 1000) }),
  });
}
