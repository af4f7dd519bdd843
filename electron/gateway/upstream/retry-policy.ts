/**
 * When to try an upstream call again. A generation is retried only when the
 * failed attempt cannot have produced one: a 429, 503 or 529 (the upstream refused the work) or a
 * connection that was never established. 500, 502 and 504 are not retried: the upstream may
 * have finished the generation, and a second attempt would duplicate output and billing.
 */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the client gets the 429 and the header. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  maxRetryAfterMs: 10_000,
};

export type AttemptOutcome =
  | { kind: 'status'; status: number; retryAfter?: string; retryAfterMs?: string }
  | { kind: 'connect-failed' };

// 529 is Anthropic's "overloaded": like 503, the upstream refused the work before doing it.
const RETRYABLE_STATUS = new Set([429, 503, 529]);

/** Parses `retry-after-ms`, else `Retry-After` (seconds or an HTTP date), into milliseconds. */
export function retryAfterMillis(
  retryAfter?: string,
  retryAfterMs?: string,
  now = Date.now(),
): number | undefined {
  if (retryAfterMs !== undefined) {
    const ms = Number(retryAfterMs);
    if (Number.isFinite(ms) && ms >= 0) return ms;
  }
  if (retryAfter === undefined) return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds) && retryAfter.trim() !== '') return Math.max(0, seconds * 1000);
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The delay before retry number `retry` (0-based), or null when the outcome is final. */
export function retryDelayMs(
  policy: RetryPolicy,
  retry: number,
  outcome: AttemptOutcome,
  random: () => number = Math.random,
): number | null {
  if (retry >= policy.maxRetries) return null;
  if (outcome.kind === 'status' && !RETRYABLE_STATUS.has(outcome.status)) return null;
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  // Jitter keeps many clients that failed together from retrying together.
  const jittered = backoff * (0.5 + random() * 0.5);
  if (outcome.kind === 'status') {
    const asked = retryAfterMillis(outcome.retryAfter, outcome.retryAfterMs);
    if (asked !== undefined) {
      if (asked > policy.maxRetryAfterMs) return null;
      return asked + random() * Math.min(asked * 0.1, 250);
    }
  }
  return jittered;
}
