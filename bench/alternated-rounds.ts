import { Client } from 'undici';
import { expectOk, timedRequest, type Timed } from './http-client.ts';
import { directCall, gatewayCall, PAIRS, type Pair } from './pairs.ts';
import { median, percentile } from './stats.ts';

/** One round of one pair: the percentiles of each series, ms. */
export interface AlternatedRound {
  gatewayP50: number;
  gatewayP99: number;
  directP50: number;
  directP99: number;
}

/** A pair's rounds summed up as medians over rounds, ms. */
export interface AlternatedSummary {
  gatewayP50: number;
  gatewayP99: number;
  directP50: number;
  directP99: number;
  /** Median over rounds of (gateway − direct) at that percentile. */
  addedP50: number;
  addedP99: number;
}

export interface AlternatedOptions {
  rounds: number;
  warmup: number;
  samples: number;
  stream: boolean;
  prompt: string;
  /** What is timed of each request: the whole request, or its first body bytes. */
  metric: (timed: Timed) => number;
  onRound?: (round: number) => void;
}

/**
 * Every pair, sequentially, on one keep-alive connection to the gateway and one to the
 * simulator, alternated request by request (gateway, direct, gateway, …), so any drift of the
 * machine (another process, CPU frequency, GC) hits both series alike.
 */
export async function alternatedRounds(
  gateway: string,
  simulator: string,
  options: AlternatedOptions,
): Promise<Map<Pair, AlternatedRound[]>> {
  const { rounds, warmup, samples, metric } = options;
  const toGateway = new Client(gateway, { pipelining: 1, keepAliveTimeout: 60_000 });
  const toSim = new Client(simulator, { pipelining: 1, keepAliveTimeout: 60_000 });
  const byPair = new Map<Pair, AlternatedRound[]>(PAIRS.map((p) => [p, []]));
  const call = { stream: options.stream, prompt: options.prompt };
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const pair of PAIRS) {
        const viaGateway = gatewayCall(gateway, pair, call);
        const direct = directCall(simulator, pair.upstream, call);
        const g: number[] = [];
        const d: number[] = [];
        for (let i = 0; i < warmup + samples; i += 1) {
          const a = expectOk(pair.label, await timedRequest(toGateway, viaGateway));
          const b = expectOk(`direct ${pair.upstream}`, await timedRequest(toSim, direct));
          if (i < warmup) continue;
          g.push(metric(a));
          d.push(metric(b));
        }
        byPair.get(pair)!.push({
          gatewayP50: percentile(g, 50),
          gatewayP99: percentile(g, 99),
          directP50: percentile(d, 50),
          directP99: percentile(d, 99),
        });
      }
      options.onRound?.(round);
    }
  } finally {
    await Promise.all([toGateway.close(), toSim.close()]);
  }
  return byPair;
}

export function summarizeRounds(rounds: AlternatedRound[]): AlternatedSummary {
  const med = (f: (r: AlternatedRound) => number): number => median(rounds.map(f));
  return {
    gatewayP50: med((r) => r.gatewayP50),
    gatewayP99: med((r) => r.gatewayP99),
    directP50: med((r) => r.directP50),
    directP99: med((r) => r.directP99),
    addedP50: med((r) => r.gatewayP50 - r.directP50),
    addedP99: med((r) => r.gatewayP99 - r.directP99),
  };
}
