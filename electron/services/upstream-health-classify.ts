import type { UpstreamHealth } from '../../shared/contract.ts';
import { isJsonBody, readableErrorText } from '../gateway/upstream/error-text.ts';
import { retryAfterMillis } from '../gateway/upstream/retry-policy.ts';
import { upstreamMessage } from './upstream-message.ts';

/** What one look at the upstream's model list saw: its answer, or what stopped the call. */
export type ProbeOutcome =
  | {
      kind: 'answer';
      status: number;
      /** The answer's text, the key already scrubbed from it. */
      body: string;
      retryAfter: string | null;
    }
  | { kind: 'failed'; error: unknown; timeoutMs: number };

export type HealthVerdict = Pick<
  UpstreamHealth,
  'state' | 'detail' | 'httpStatus' | 'retryAfterSeconds'
>;

/** A 403 about money, not the key (new-api relays answer an empty balance so). */
const BALANCE = /balance|quota/i;

/** Network failures by code, in words: the call never got an answer from the upstream. */
const NETWORK_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'its host name could not be found (DNS lookup failed)',
  EAI_AGAIN: 'its host name could not be looked up (DNS not answering)',
  EHOSTUNREACH: 'its host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  UND_ERR_SOCKET: 'the connection was closed',
  UND_ERR_CONNECT_TIMEOUT: 'no connection within the time limit',
  UND_ERR_HEADERS_TIMEOUT: 'no answer within the time limit',
  UND_ERR_BODY_TIMEOUT: 'the answer stopped half-way',
};

/** The key provider's own failures: nothing was sent, the app has no key to send. */
const NO_KEY_CODES = new Set(['upstream_key_missing', 'keychain_unavailable']);

const verdict = (
  state: HealthVerdict['state'],
  detail: string | null,
  httpStatus: number | null = null,
  retryAfterSeconds: number | null = null,
): HealthVerdict => ({ state, detail, httpStatus, retryAfterSeconds });

/** An error's `code`, or its cause's (undici and fetch wrap the socket's error). */
function codeOf(error: unknown): string | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function classifyFailure(error: unknown, timeoutMs: number, baseUrl: string): HealthVerdict {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code && NO_KEY_CODES.has(code)) return verdict('not_configured', message);
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return verdict('unreachable', `No answer from ${baseUrl} within ${timeoutMs / 1000} s.`);
  const words = code ? NETWORK_WORDS[code] : undefined;
  if (words) return verdict('unreachable', `Cannot reach ${baseUrl}: ${words} (${code}).`);
  if (code && /CERT|SSL|TLS/i.test(code))
    return verdict('unreachable', `Cannot reach ${baseUrl} securely: ${message} (${code}).`);
  return verdict('unreachable', `Cannot reach ${baseUrl}: ${message}${code ? ` (${code})` : ''}.`);
}

/** A model list: `{ data: [...] }` as the upstream documents it, or a bare array. */
function modelCount(body: string): number | null {
  try {
    const parsed: unknown = JSON.parse(body);
    const data =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as { data?: unknown }).data
        : parsed;
    return Array.isArray(data) ? data.length : null;
  } catch {
    return null;
  }
}

function classifyAnswer(
  answer: Extract<ProbeOutcome, { kind: 'answer' }>,
  baseUrl: string,
  now: number,
): HealthVerdict {
  const { status, body } = answer;
  if (status >= 200 && status < 300) {
    const count = modelCount(body);
    if (count === null)
      return verdict(
        'upstream_error',
        `${baseUrl}/v1/models answered ${status} without a model list: is this the upstream's base URL?`,
        status,
      );
    return verdict('ok', `${count} model${count === 1 ? '' : 's'} visible to the key.`, status);
  }
  // The API's own message from its JSON; else the text, or an HTML page's title.
  const words = (isJsonBody(body) && upstreamMessage(body)) || readableErrorText(status, body);
  if (status === 401 || (status === 403 && !BALANCE.test(body)))
    return verdict('key_rejected', words, status);
  if (status === 429) {
    const ms = retryAfterMillis(answer.retryAfter ?? undefined, undefined, now);
    return verdict('rate_limited', words, status, ms === undefined ? null : Math.ceil(ms / 1000));
  }
  const said = words.startsWith('The upstream answered')
    ? words
    : `The upstream answered ${status}: ${words}`;
  return verdict('upstream_error', said, status);
}

/**
 * Sorts one check of the upstream into the states the UI words differently: ok, cannot reach
 * (refused, DNS, TLS, timeout), key rejected (401/403), rate limited (429), upstream error (5xx,
 * a 403 about the balance, or an answer that is no model list).
 */
export function classifyProbe(
  outcome: ProbeOutcome,
  baseUrl: string,
  now: number = Date.now(),
): HealthVerdict {
  return outcome.kind === 'answer'
    ? classifyAnswer(outcome, baseUrl, now)
    : classifyFailure(outcome.error, outcome.timeoutMs, baseUrl);
}
