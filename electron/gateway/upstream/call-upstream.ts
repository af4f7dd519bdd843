import type { RequestContext } from '../server/request-context.ts';
import type { RetryPolicy } from './retry-policy.ts';
import { MAX_ERROR_BODY_BYTES, readCapped } from './read-capped.ts';
import { sendWithRetry } from './send-with-retry.ts';
import type { UpstreamClient, UpstreamResponse } from './upstream-client.ts';
import { upstreamFailure, upstreamKeyRejected } from './upstream-failure.ts';

export type UpstreamAnswer =
  /** 2xx: the body is still unread, to be piped or decoded as it arrives. */
  | { ok: true; response: UpstreamResponse }
  /** An error answer, read whole (they are small). */
  | { ok: false; status: number; headers: Record<string, string | undefined>; body: Buffer };

/** A 403 that is the upstream's insufficient-balance answer, which goes to the client as worded. */
const BALANCE = /balance|quota/i;

export function flatHeaders(
  headers: UpstreamResponse['headers'],
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers))
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/**
 * POSTs a generation upstream with retries and records the attempts. Returns null when the
 * client went away meanwhile. A 401/403 about the upstream key becomes the gateway's own error,
 * so a client never blames its local token for it.
 */
export async function callUpstream(
  upstream: UpstreamClient,
  retry: RetryPolicy,
  ctx: RequestContext,
  request: {
    path: string;
    body: string | Buffer;
    stream: boolean;
    /** The content type of the upstream format's streams (SSE, NDJSON), asked for when streaming. */
    streamType: string;
    /** Headers the upstream's format needs besides the body (Anthropic's version). */
    headers?: Record<string, string>;
    /** Aborts this call (a model's attempt); the client's own signal when absent. */
    signal?: AbortSignal;
  },
): Promise<UpstreamAnswer | null> {
  const signal = request.signal ?? ctx.signal;
  // A route's models each make their own attempts; the record counts them all.
  const before = ctx.record.attempts;
  let result;
  try {
    result = await sendWithRetry(
      upstream,
      {
        method: 'POST',
        path: request.path,
        body: request.body,
        requestId: ctx.id,
        signal,
        headers: {
          ...request.headers,
          // The media type alone: `accept` takes no charset.
          accept: request.stream ? (request.streamType.split(';')[0] ?? '') : 'application/json',
        },
      },
      retry,
      (attempt) => (ctx.record.attempts = before + attempt),
    );
  } catch (error) {
    if (signal.aborted) return null;
    throw upstreamFailure(error, upstream.baseUrl);
  }
  const { response } = result;
  if (response.statusCode >= 200 && response.statusCode < 300) return { ok: true, response };
  let body: Buffer;
  try {
    body = upstream.scrubBytes((await readCapped(response.body, MAX_ERROR_BODY_BYTES)).bytes);
  } catch (error) {
    if (signal.aborted) return null;
    throw upstreamFailure(error, upstream.baseUrl);
  }
  const status = response.statusCode;
  if (status === 401 || (status === 403 && !BALANCE.test(body.toString())))
    throw upstreamKeyRejected(status, body.toString());
  return { ok: false, status, headers: flatHeaders(response.headers), body };
}
