import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { HEAP_PROBE_FLAGS, sampleHeap } from '../test/heap-probe/sample-heap.ts';
import { SIZES } from './config.ts';
import { timedRequest } from './http-client.ts';
import { gatewayCall, PAIRS, type HttpCall } from './pairs.ts';
import { rssBytes, rssParts, type RssParts } from './proc-stats.ts';
import { spawnGateway } from './spawn-services.ts';
import { slope } from './stats.ts';

interface SoakSample {
  /** Seconds since the load started. */
  t: number;
  rss: number;
  /** After a forced full GC. */
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** RSS split: anonymous, file-backed, and the main malloc arena (native allocations). */
  parts: RssParts;
  /** V8 heap spaces after the GC (new_space, old_space, large_object_space, ...), bytes. */
  spaces: Record<string, { size: number; used: number }>;
  /** Requests completed in the interval before this sample, and how many failed. */
  requests: number;
  failures: number;
}

export interface SoakResult {
  seconds: number;
  concurrency: number;
  samples: SoakSample[];
  /** Least-squares growth over the second half (after warm-up), bytes over that half. */
  rssGrowth: number;
  heapGrowth: number;
  /** Levels at the start of the second half, for scale. */
  rssAtHalf: number;
  heapAtHalf: number;
  requests: number;
  failures: number;
}

/** The second-half growth allowed before it counts as growth: noise bands, measured idle. */
export const SOAK_LIMITS = { rssBytes: 8 * 2 ** 20, heapBytes: 2 * 2 ** 20 };

/**
 * The mix a soak cycles through: every pair, streamed and not, plus the paths that are easy to
 * leak on: a client that hangs up mid-stream, an upstream error, a stream the upstream cuts.
 */
function soakCalls(gateway: string): { call: HttpCall; cancelAfterReads?: number }[] {
  const calls: { call: HttpCall; cancelAfterReads?: number }[] = [];
  for (const pair of PAIRS) {
    calls.push({ call: gatewayCall(gateway, pair, { stream: false, prompt: 'Soak. Hello.' }) });
    calls.push({
      call: gatewayCall(gateway, pair, { stream: true, prompt: 'Soak [[sim:long=60]]' }),
    });
    calls.push({
      call: gatewayCall(gateway, pair, { stream: true, prompt: 'Soak [[sim:long=200]]' }),
      cancelAfterReads: 2,
    });
  }
  const pairOf = (client: string, upstream: string) =>
    PAIRS.find((p) => p.client === client && p.upstream === upstream)!;
  const [chat, responses] = [pairOf('chat', 'chat'), pairOf('responses', 'chat')];
  calls.push({ call: gatewayCall(gateway, chat, { stream: false, prompt: 'Soak [[sim:500]]' }) });
  calls.push({
    call: gatewayCall(gateway, responses, { stream: true, prompt: 'Soak [[sim:cut-after=3]]' }),
  });
  return calls;
}

/**
 * A steady closed-loop mix against one gateway for `seconds`; every 10 s the gateway's RSS
 * (/proc) and its heap after a full GC (the heap probe, over IPC) are sampled. Growth is judged
 * on the second half only, when caches, pools and the JIT have settled.
 */
export async function runSoak(
  simulator: string,
  seconds: number,
  log: (line: string) => void,
): Promise<SoakResult> {
  const { concurrency, sampleEverySeconds } = SIZES.soak;
  const gateway = await spawnGateway({
    upstream: simulator,
    nodeFlags: [...HEAP_PROBE_FLAGS],
    ipc: true,
  });
  const pool = new Pool(gateway.url, { connections: concurrency, pipelining: 1 });
  const calls = soakCalls(gateway.url);
  const samples: SoakSample[] = [];
  let requests = 0;
  let failures = 0;
  let intervalRequests = 0;
  let intervalFailures = 0;
  let next = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      const item = calls[next++ % calls.length]!;
      const ok = await send(pool, item.call, item.cancelAfterReads);
      requests += 1;
      intervalRequests += 1;
      if (!ok) {
        failures += 1;
        intervalFailures += 1;
      }
    }
  };
  const sampler = (async () => {
    for (let i = 1; start + i * sampleEverySeconds * 1000 <= end + 1; i += 1) {
      const wait = start + i * sampleEverySeconds * 1000 - performance.now();
      await new Promise((r) => setTimeout(r, Math.max(0, wait)));
      const heap = await sampleHeap(gateway.child);
      samples.push({
        t: (performance.now() - start) / 1000,
        rss: rssBytes(gateway.pid),
        heapUsed: heap.heapUsed,
        heapTotal: heap.heapTotal,
        external: heap.external,
        arrayBuffers: heap.arrayBuffers,
        spaces: heap.spaces,
        parts: rssParts(gateway.pid),
        requests: intervalRequests,
        failures: intervalFailures,
      });
      intervalRequests = 0;
      intervalFailures = 0;
      const last = samples.at(-1)!;
      log(
        `soak: ${last.t.toFixed(0)} s, RSS ${(last.rss / 2 ** 20).toFixed(1)} MB, heap ${(last.heapUsed / 2 ** 20).toFixed(1)} MB, ${last.requests} requests`,
      );
    }
  })();
  try {
    await Promise.all([...Array.from({ length: concurrency }, worker), sampler]);
  } finally {
    await pool.close();
    await gateway.stop();
  }
  const secondHalf = samples.filter((s) => s.t >= seconds / 2);
  const growth = (pick: (s: SoakSample) => number): number =>
    slope(secondHalf.map((s) => ({ x: s.t, y: pick(s) }))) * (seconds / 2);
  return {
    seconds,
    concurrency,
    samples,
    rssGrowth: growth((s) => s.rss),
    heapGrowth: growth((s) => s.heapUsed),
    rssAtHalf: secondHalf[0]?.rss ?? 0,
    heapAtHalf: secondHalf[0]?.heapUsed ?? 0,
    requests,
    failures,
  };
}

/** Sends one request; `cancelAfterReads` hangs up after that many body reads. */
async function send(pool: Pool, call: HttpCall, cancelAfterReads?: number): Promise<boolean> {
  try {
    if (cancelAfterReads === undefined) {
      const answer = await timedRequest(pool, call);
      // The fault requests are meant to fail; only a gateway that does not answer is a failure.
      return answer.status > 0;
    }
    const controller = new AbortController();
    const response = await pool.request({
      method: 'POST',
      path: call.path,
      headers: call.headers,
      body: call.body,
      signal: controller.signal,
    });
    let reads = 0;
    for await (const _chunk of response.body) {
      reads += 1;
      if (reads >= cancelAfterReads) {
        controller.abort();
        break;
      }
    }
    return true;
  } catch (error) {
    return (error as { name?: string }).name === 'AbortError';
  }
}
