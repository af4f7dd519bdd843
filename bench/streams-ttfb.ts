import { Client } from 'undici';
import { SIZES } from './config.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { directCall, gatewayCall, PAIRS, type Pair } from './pairs.ts';
import { median, percentile } from './stats.ts';

export interface TtfbResult {
  pair: Pair;
  /** Medians over rounds of each round's p50, ms. */
  gatewayP50: number;
  directP50: number;
  addedP50: number;
  /** Median over rounds of (gateway p99 − direct p99). */
  addedP99: number;
}

/** A short streamed answer: the first record is what is timed, the rest is read to the end. */
const STREAM_PROMPT = 'Stream a short answer. [[sim:long=20]]';

/**
 * Time to first byte of streamed answers: from sending the request to the first body bytes
 * (the first SSE record; response headers alone do not count). Sequential on keep-alive
 * connections, gateway and direct alternated request by request as in the latency run.
 */
export async function measureStreamTtfb(
  gateway: string,
  simulator: string,
  log: (line: string) => void,
): Promise<TtfbResult[]> {
  const { rounds, warmup, samples } = SIZES.ttfb;
  const toGateway = new Client(gateway, { pipelining: 1, keepAliveTimeout: 60_000 });
  const toSim = new Client(simulator, { pipelining: 1, keepAliveTimeout: 60_000 });
  const perRound = new Map<Pair, { g50: number; d50: number; g99: number; d99: number }[]>(
    PAIRS.map((p) => [p, []]),
  );
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const pair of PAIRS) {
        const viaGateway = gatewayCall(gateway, pair, { stream: true, prompt: STREAM_PROMPT });
        const direct = directCall(simulator, pair.upstream, {
          stream: true,
          prompt: STREAM_PROMPT,
        });
        const g: number[] = [];
        const d: number[] = [];
        for (let i = 0; i < warmup + samples; i += 1) {
          const a = expectOk(pair.label, await timedRequest(toGateway, viaGateway));
          const b = expectOk(`direct ${pair.upstream}`, await timedRequest(toSim, direct));
          if (i < warmup) continue;
          g.push(a.ttfbMs);
          d.push(b.ttfbMs);
        }
        perRound.get(pair)!.push({
          g50: percentile(g, 50),
          d50: percentile(d, 50),
          g99: percentile(g, 99),
          d99: percentile(d, 99),
        });
      }
    }
    log('stream TTFB done');
  } finally {
    await Promise.all([toGateway.close(), toSim.close()]);
  }
  return PAIRS.map((pair) => {
    const r = perRound.get(pair)!;
    return {
      pair,
      gatewayP50: median(r.map((x) => x.g50)),
      directP50: median(r.map((x) => x.d50)),
      addedP50: median(r.map((x) => x.g50 - x.d50)),
      addedP99: median(r.map((x) => x.g99 - x.d99)),
    };
  });
}
