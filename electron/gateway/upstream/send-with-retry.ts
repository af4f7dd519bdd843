import { setTimeout as sleep } from 'node:timers/promises';
import { retryDelayMs, type RetryPolicy } from './retry-policy.ts';
import {
  isConnectFailure,
  type UpstreamClient,
  type UpstreamRequest,
  type UpstreamResponse,
} from './upstream-client.ts';

export interface RetryResult {
  response: UpstreamResponse;
  /** Attempts made, the first included. */
  attempts: number;
}

const header = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * Sends a request, retrying per the policy. Runs only before anything reached the client, so a
 * retry is invisible to it; the last answer, retryable or not, is returned as is. `onAttempt`
 * hears of each attempt as it starts, so attempts are counted when every one of them throws.
 */
export async function sendWithRetry(
  client: UpstreamClient,
  request: UpstreamRequest,
  policy: RetryPolicy,
  onAttempt: (attempt: number) => void = () => {},
): Promise<RetryResult> {
  for (let retry = 0; ; retry += 1) {
    let response: UpstreamResponse;
    onAttempt(retry + 1);
    try {
      response = await client.request(request);
    } catch (error) {
      const delay =
        request.signal?.aborted || !isConnectFailure(error)
          ? null
          : retryDelayMs(policy, retry, { kind: 'connect-failed' });
      if (delay === null) throw error;
      await sleep(delay, undefined, { signal: request.signal });
      continue;
    }
    const status = response.statusCode;
    const delay =
      status < 400
        ? null
        : retryDelayMs(policy, retry, {
            kind: 'status',
            status,
            retryAfter: header(response.headers['retry-after']),
            retryAfterMs: header(response.headers['retry-after-ms']),
          });
    if (delay === null) return { response, attempts: retry + 1 };
    await response.body.dump();
    await sleep(delay, undefined, { signal: request.signal });
  }
}
