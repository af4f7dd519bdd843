import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import type { HttpCall } from './pairs.ts';

export interface Timed {
  status: number;
  /** From sending the request to the first body bytes. */
  ttfbMs: number;
  /** From sending the request to the end of the body. */
  totalMs: number;
  bytes: number;
  /** Body reads (TCP reads, not SSE records). */
  reads: number;
  /** The body, when asked for (checks of a pair's answer); else empty. */
  text: string;
}

/**
 * One request on a keep-alive dispatcher, timed with the monotonic clock. The body is read to
 * its end in both paths the same way, so the client's own cost cancels out in a difference.
 */
export async function timedRequest(
  dispatcher: Dispatcher,
  call: HttpCall,
  keepText = false,
): Promise<Timed> {
  const start = performance.now();
  const response = await dispatcher.request({
    origin: call.origin,
    method: 'POST',
    path: call.path,
    headers: call.headers,
    body: call.body,
  });
  let ttfbMs = -1;
  let bytes = 0;
  let reads = 0;
  const parts: Buffer[] = [];
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    if (ttfbMs < 0) ttfbMs = performance.now() - start;
    bytes += chunk.length;
    reads += 1;
    if (keepText) parts.push(chunk);
  }
  const totalMs = performance.now() - start;
  return {
    status: response.statusCode,
    ttfbMs: ttfbMs < 0 ? totalMs : ttfbMs,
    totalMs,
    bytes,
    reads,
    text: keepText ? Buffer.concat(parts).toString('utf8') : '',
  };
}

/** Fails loudly: a benchmark of error answers would measure the wrong thing. */
export function expectOk(label: string, timed: Timed): Timed {
  if (timed.status !== 200) {
    throw new Error(`${label}: HTTP ${timed.status} ${timed.text.slice(0, 300)}`);
  }
  return timed;
}
