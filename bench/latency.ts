import { Client } from 'undici';
import { SIZES } from './config.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { directCall, gatewayCall, PAIRS, SHORT_PROMPT, type Pair } from './pairs.ts';
import { median, percentile } from './stats.ts';

export interface LatencyRound {
  gatewayP50: number;
  gatewayP99: number;
  directP50: number;
  directP99: number;
}

export interface LatencyResult {
  pair: Pair;
  rounds: LatencyRound[];
  /** Medians over rounds, in ms. */
  gatewayP50: number;
  gatewayP99: number;
  directP50: number;
  directP99: number;
  /** Median over rounds of (gateway − direct) at that percentile. */
  addedP50: number;
  addedP99: number;
}

/**
 * Sequential, keep-alive, non-streamed requests: one connection to the gateway and one to the
 * simulator, and the two are alternated request by request (gateway, direct, gateway, …), so any
 * drift of the machine (another process, CPU frequency, GC) hits both series alike.
 */
export async function measureLatency(
  gateway: string,
  simulator: string,
  log: (line: string) => void,
): Promise<LatencyResult[]> {
  const { rounds, warmup, samples } = SIZES.latency;
  const toGateway = new Client(gateway, { pipelining: 1, keepAliveTimeout: 60_000 });
  const toSim = new Client(simulator, { pipelining: 1, keepAliveTimeout: 60_000 });
  const byPair = new Map<Pair, LatencyRound[]>(PAIRS.map((p) => [p, []]));
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const pair of PAIRS) {
        const viaGateway = gatewayCall(gateway, pair, { stream: false, prompt: SHORT_PROMPT });
        const direct = directCall(simulator, pair.upstream, {
          stream: false,
          prompt: SHORT_PROMPT,
        });
        const g: number[] = [];
        const d: number[] = [];
        for (let i = 0; i < warmup + samples; i += 1) {
          const a = expectOk(pair.label, await timedRequest(toGateway, viaGateway));
          const b = expectOk(`direct ${pair.upstream}`, await timedRequest(toSim, direct));
          if (i < warmup) continue;
          g.push(a.totalMs);
          d.push(b.totalMs);
        }
        byPair.get(pair)!.push({
          gatewayP50: percentile(g, 50),
          gatewayP99: percentile(g, 99),
          directP50: percentile(d, 50),
          directP99: percentile(d, 99),
        });
      }
      log(`latency: round ${round + 1}/${rounds} done`);
    }
  } finally {
    await Promise.all([toGateway.close(), toSim.close()]);
  }
  return PAIRS.map((pair) => summarize(pair, byPair.get(pair)!));
}

function summarize(pair: Pair, rounds: LatencyRound[]): LatencyResult {
  const med = (f: (r: LatencyRound) => number): number => median(rounds.map(f));
  return {
    pair,
    rounds,
    gatewayP50: med((r) => r.gatewayP50),
    gatewayP99: med((r) => r.gatewayP99),
    directP50: med((r) => r.directP50),
    directP99: med((r) => r.directP99),
    addedP50: med((r) => r.gatewayP50 - r.directP50),
    addedP99: med((r) => r.gatewayP99 - r.directP99),
  };
}
