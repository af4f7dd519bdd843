import { isRecord, tryParseJson } from '../canonical/json.ts';
import { readableErrorText } from '../upstream/error-text.ts';
import { retryAfterMillis } from '../upstream/retry-policy.ts';
import { GatewayError } from '../canonical/gateway-error.ts';

/**
 * An OpenAI-shaped upstream error (`{"error":{message,type,param,code}}`) as a GatewayError,
 * keeping the status, the message and the upstream's `Retry-After`.
 */
export function decodeOpenAiError(
  status: number,
  body: string,
  headers: Record<string, string | undefined>,
): GatewayError {
  const parsed = tryParseJson(body);
  const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : undefined;
  const message =
    typeof error?.message === 'string' && error.message
      ? error.message
      : readableErrorText(status, body);
  const waitMs = retryAfterMillis(headers['retry-after'], headers['retry-after-ms']);
  return new GatewayError(status, message, {
    ...(typeof error?.code === 'string' ? { code: error.code } : {}),
    ...(typeof error?.param === 'string' ? { param: error.param } : {}),
    ...(waitMs === undefined ? {} : { retryAfterSeconds: Math.ceil(waitMs / 1000) }),
  });
}
