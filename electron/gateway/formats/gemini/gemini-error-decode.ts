import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { retryAfterMillis } from '../../upstream/retry-policy.ts';
import { decodeOpenAiError } from '../openai-error-decode.ts';

const RETRY_DELAY = /^(\d+(?:\.\d+)?)s$/;

/**
 * An upstream error answer of the native path → GatewayError. The body is Google's
 * `{"error":{code,message,status,details}}` (some front ends wrap it in a one-element array), an
 * OpenAI-shaped body from a relay, or HTML/text. The status is kept, except Gemini's answer to a
 * bad key (400 INVALID_ARGUMENT with reason API_KEY_INVALID), which is a 401 in every other
 * format. Google puts the retry delay in the body (`RetryInfo.retryDelay`, "34.4s"); the
 * `Retry-After` header is the fallback.
 */
export function decodeGeminiError(
  status: number,
  body: string,
  headers: Record<string, string | undefined>,
): GatewayError {
  const parsed = tryParseJson(body);
  const envelope = Array.isArray(parsed) && parsed.length === 1 ? parsed[0] : parsed;
  const error = isRecord(envelope) && isRecord(envelope.error) ? envelope.error : undefined;
  if (error === undefined || (typeof error.status !== 'string' && typeof error.code !== 'number')) {
    return decodeOpenAiError(status, body, headers);
  }
  const details = Array.isArray(error.details) ? error.details.filter(isRecord) : [];
  const badKey =
    error.status === 'INVALID_ARGUMENT' &&
    details.some((detail) => detail.reason === 'API_KEY_INVALID');
  const message =
    typeof error.message === 'string' && error.message
      ? error.message
      : `Upstream answered ${status}.`;
  const retryAfterSeconds = retryDelaySeconds(details) ?? headerRetrySeconds(headers);
  const code = badKey
    ? 'invalid_api_key'
    : typeof error.status === 'string'
      ? error.status.toLowerCase()
      : undefined;
  return new GatewayError(badKey ? 401 : status, message, {
    ...(code === undefined ? {} : { code }),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  });
}

function retryDelaySeconds(details: Record<string, unknown>[]): number | undefined {
  for (const detail of details) {
    if (detail['@type'] !== 'type.googleapis.com/google.rpc.RetryInfo') continue;
    const match =
      typeof detail.retryDelay === 'string' ? RETRY_DELAY.exec(detail.retryDelay) : null;
    if (match?.[1] !== undefined) return Math.ceil(Number(match[1]));
  }
  return undefined;
}

function headerRetrySeconds(headers: Record<string, string | undefined>): number | undefined {
  const ms = retryAfterMillis(headers['retry-after'], headers['retry-after-ms']);
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}
