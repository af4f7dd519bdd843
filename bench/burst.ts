import { Pool } from 'undici';
import { summarizeRounds, type AlternatedSummary } from './alternated-rounds.ts';
import { SIZES } from './config.ts';
import { timedRequest, type Timed } from './http-client.ts';
import { directCall, gatewayCall, PAIRS, type HttpCall, type Pair } from './pairs.ts';
import { cpuMs, rssBytes } from './proc-stats.ts';
import { median, percentile } from './stats.ts';

/** How the burst's streams reach the server: each on a connection of its own opened with it, or on one already open. */
export type BurstConnections = 'new' | 'kept-alive';

/** Time to first body byte (summed up over rounds as `summarizeRounds` does), and the burst's figures. */
interface BurstRow extends AlternatedSummary {
  streams: number;
  connections: BurstConnections;
  rounds: number;
  /** Streams that did not answer 200 or broke off, over all rounds and both sides. */
  failed: number;
  /**
   * Median over rounds of each burst's median time from sending to the last byte, ms: what the
   * burst costs a stream in all, not only its wait. Absent in results from before it was measured.
   */
  gatewayTotalP50?: number;
  directTotalP50?: number;
  /**
   * The gateway's (or proxy's) CPU time per stream over its bursts, µs (whole streams: accept to
   * the last record). Less swayed by other load than the times above, and what they follow.
   */
  cpuUsPerStream?: number;
}

export interface BurstResult {
  pair: Pair;
  rows: BurstRow[];
  /** The gateway's VmRSS before the bursts, and its peak during the largest burst, bytes. */
  idleRss: number;
  peakRss: number;
  peakStreams: number;
}

export interface OneBurst {
  ttfb: number[];
  /** Each answered stream's time to its last byte, ms. */
  total: number[];
  failed: number;
  /** CPU time of the process `pid` (when given) over the timed streams, ms. */
  cpuMs?: number;
}

/** A short streamed answer: the first record is what is timed; the rest is read to the end. */
export const BURST_PROMPT = 'Stream a short answer. [[sim:long=20]]';

/**
 * N streams opened at once (the same instant, as N tools or agent sub-tasks starting together),
 * time to the first body byte of each. Direct and through the gateway take turns, burst by
 * burst, so both see the same machine. With `new` connections every stream opens its own TCP
 * connection with its request; with `kept-alive` N connections were opened (and used once)
 * before, as a client's pool holds them.
 */
export async function measureBurst(
  gateway: { url: string; pid: number },
  simulator: string,
  log: (line: string) => void,
  options: {
    sizes?: readonly number[];
    /** The no-logic reference proxy instead of the gateway: it takes the direct body as is. */
    proxy?: boolean;
  } = {},
): Promise<BurstResult> {
  const pair = PAIRS.find((p) => p.client === 'chat' && p.upstream === 'chat')!;
  const call = { stream: true, prompt: BURST_PROMPT };
  const direct = directCall(simulator, pair.upstream, call);
  const viaGateway = options.proxy
    ? { ...direct, origin: gateway.url }
    : gatewayCall(gateway.url, pair, call);
  const sizes = options.sizes ?? SIZES.burst.sizes;
  const { roundsAt } = SIZES.burst;
  // The catalog load and the first compilations of the stream path are not part of a burst.
  for (const target of [direct, viaGateway]) await burst(target, 20, 'new');
  const idleRss = rssBytes(gateway.pid);
  let peakRss = idleRss;
  const largest = Math.max(...sizes);
  const rows: BurstRow[] = [];
  for (const streams of sizes) {
    for (const connections of ['new', 'kept-alive'] as const) {
      const rounds = roundsAt(streams);
      const g: OneBurst[] = [];
      const d: OneBurst[] = [];
      let cpu = 0;
      for (let round = 0; round < rounds; round += 1) {
        // Alternate which side goes first, so neither always follows the other's burst.
        const order = round % 2 === 0 ? ['direct', 'gateway'] : ['gateway', 'direct'];
        for (const side of order) {
          if (side === 'direct') {
            d.push(await burst(direct, streams, connections));
            continue;
          }
          const sampler =
            streams === largest
              ? setInterval(() => (peakRss = Math.max(peakRss, rssBytes(gateway.pid))), 20)
              : null;
          try {
            const result = await burst(viaGateway, streams, connections, gateway.pid);
            g.push(result);
            cpu += result.cpuMs ?? 0;
          } finally {
            if (sampler) clearInterval(sampler);
          }
        }
      }
      // Time to first byte, summed up over rounds as the sequential latency rounds are.
      const summary = summarizeRounds(
        g.map((gateway, i) => ({
          gatewayP50: percentile(gateway.ttfb, 50),
          gatewayP99: percentile(gateway.ttfb, 99),
          directP50: percentile(d[i]!.ttfb, 50),
          directP99: percentile(d[i]!.ttfb, 99),
        })),
      );
      const cpuUsPerStream = (cpu * 1000) / (rounds * streams);
      rows.push({
        streams,
        connections,
        ...summary,
        rounds,
        failed: [...g, ...d].reduce((sum, b) => sum + b.failed, 0),
        gatewayTotalP50: median(g.map((b) => percentile(b.total, 50))),
        directTotalP50: median(d.map((b) => percentile(b.total, 50))),
        cpuUsPerStream,
      });
      log(
        `burst${options.proxy ? ' (reference proxy)' : ''}: ${streams} streams, ${connections} connections: added TTFB p50 ${summary.addedP50.toFixed(1)} ms, p99 ${summary.addedP99.toFixed(1)} ms, CPU ${cpuUsPerStream.toFixed(0)} µs per stream`,
      );
    }
  }
  return { pair, rows, idleRss, peakRss, peakStreams: largest };
}

/** A streamed call through the gateway as the burst sends it (also the burst profile's). */
export function burstCall(gateway: string): HttpCall {
  const pair = PAIRS.find((p) => p.client === 'chat' && p.upstream === 'chat')!;
  return gatewayCall(gateway, pair, { stream: true, prompt: BURST_PROMPT });
}

/** One burst of `n` streams at once; a fresh pool each time, so nothing carries over. */
export async function burst(
  call: HttpCall,
  n: number,
  connections: BurstConnections,
  pid?: number,
): Promise<OneBurst> {
  const pool = new Pool(call.origin, {
    connections: n,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
  });
  try {
    if (connections === 'kept-alive') {
      // n requests at once open n connections (one request each at pipelining 1); they stay
      // open for the burst.
      await Promise.all(Array.from({ length: n }, () => stream(pool, call)));
    }
    const cpuBefore = pid === undefined ? 0 : cpuMs(pid);
    const results = await Promise.all(Array.from({ length: n }, () => stream(pool, call)));
    const ok = results.filter((t) => t !== null);
    return {
      ttfb: ok.map((t) => t.ttfbMs),
      total: ok.map((t) => t.totalMs),
      failed: n - ok.length,
      ...(pid === undefined ? {} : { cpuMs: cpuMs(pid) - cpuBefore }),
    };
  } finally {
    await pool.destroy();
  }
}

/** One streamed request's times, ms; null when it failed. */
async function stream(pool: Pool, call: HttpCall): Promise<Timed | null> {
  try {
    const timed = await timedRequest(pool, call);
    return timed.status === 200 && timed.bytes > 0 ? timed : null;
  } catch {
    return null;
  }
}
