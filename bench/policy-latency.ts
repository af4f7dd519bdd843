import { Client } from 'undici';
import { SIZES } from './config.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { directCall, gatewayCallAs, SHORT_PROMPT, type HttpCall } from './pairs.ts';
import { BENCH_ROUTE, ROUTED_MODEL, type BenchTokens } from './policy-fixture.ts';
import { median, percentile } from './stats.ts';

type PolicySeriesKey = 'direct' | 'plain' | 'limited' | 'route';

/** A value over rounds: the median, and the lowest and highest round. */
interface RoundSpread {
  median: number;
  min: number;
  max: number;
}

interface PolicySeries {
  key: PolicySeriesKey;
  label: string;
  /** Medians over rounds of each round's p50/p99, ms. */
  p50: number;
  p99: number;
  /** Median over rounds of (this series − direct), ms; null for direct itself. */
  addedP50: RoundSpread | null;
  addedP99: RoundSpread | null;
  rounds: { p50: number; p99: number }[];
}

/** Two gateway series told apart, per round (same round, same connection, alternated). */
interface PolicyDifference {
  label: string;
  p50: RoundSpread;
  p99: RoundSpread;
}

export interface PolicyLatencyResult {
  series: PolicySeries[];
  /** limited − plain (a budget checked), route − plain (a route resolved and a budget checked). */
  limitsDifference: PolicyDifference;
  routeDifference: PolicyDifference;
  rounds: number;
  warmup: number;
  samples: number;
}

/**
 * Added latency of routes and budgets through the gateway as shipped (`serve` on a data dir that
 * holds the route and both tokens): sequential, keep-alive, non-streamed chat → chat, the four
 * series alternated request by request on one connection to the gateway and one to the
 * simulator, the order rotated each time (each series follows each other one as often), so drift
 * on the machine and the gateway's idle time before a request hit every series alike.
 */
export async function measurePolicyLatency(
  gateway: string,
  simulator: string,
  tokens: BenchTokens,
  log: (line: string) => void,
): Promise<PolicyLatencyResult> {
  const { rounds, warmup, samples } = SIZES.policy.latency;
  const options = { stream: false, prompt: SHORT_PROMPT };
  const series: { key: PolicySeriesKey; label: string; call: HttpCall; toGateway: boolean }[] = [
    {
      key: 'direct',
      label: `direct to the simulator (${ROUTED_MODEL})`,
      call: directCall(simulator, 'chat', options),
      toGateway: false,
    },
    {
      key: 'plain',
      label: `gateway, ${ROUTED_MODEL}, token without limits (needs neither)`,
      call: gatewayCallAs(gateway, 'chat', ROUTED_MODEL, tokens.plain.token, options),
      toGateway: true,
    },
    {
      key: 'limited',
      label: `gateway, ${ROUTED_MODEL}, limited token`,
      call: gatewayCallAs(gateway, 'chat', ROUTED_MODEL, tokens.limited.token, options),
      toGateway: true,
    },
    {
      key: 'route',
      label: `gateway, ${BENCH_ROUTE}, limited token`,
      call: gatewayCallAs(gateway, 'chat', BENCH_ROUTE, tokens.limited.token, options),
      toGateway: true,
    },
  ];
  const toGateway = new Client(gateway, { pipelining: 1, keepAliveTimeout: 60_000 });
  const toSim = new Client(simulator, { pipelining: 1, keepAliveTimeout: 60_000 });
  const perRound = new Map<PolicySeriesKey, { p50: number; p99: number }[]>(
    series.map((s) => [s.key, []]),
  );
  try {
    // Each series once, its answer checked: the benchmark must not time error answers.
    for (const s of series) {
      const answer = expectOk(
        s.label,
        await timedRequest(s.toGateway ? toGateway : toSim, s.call, true),
      );
      if (!answer.text.includes('Say hello to the benchmark'))
        throw new Error(`${s.label}: unexpected answer ${answer.text.slice(0, 300)}`);
    }
    let turn = 0;
    for (let round = 0; round < rounds; round += 1) {
      const times = new Map<PolicySeriesKey, number[]>(series.map((s) => [s.key, []]));
      for (let i = 0; i < warmup + samples; i += 1) {
        for (let j = 0; j < series.length; j += 1) {
          const s = series[(turn + j) % series.length]!;
          const timed = expectOk(
            s.label,
            await timedRequest(s.toGateway ? toGateway : toSim, s.call),
          );
          if (i >= warmup) times.get(s.key)!.push(timed.totalMs);
        }
        turn += 1;
      }
      for (const s of series) {
        const t = times.get(s.key)!;
        perRound.get(s.key)!.push({ p50: percentile(t, 50), p99: percentile(t, 99) });
      }
      log(`routes and budgets over HTTP: round ${round + 1}/${rounds} done`);
    }
  } finally {
    await Promise.all([toGateway.close(), toSim.close()]);
  }
  const spread = (values: number[]): RoundSpread => ({
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
  });
  const minus = (a: PolicySeriesKey, b: PolicySeriesKey, at: 'p50' | 'p99'): RoundSpread => {
    const base = perRound.get(b)!;
    return spread(perRound.get(a)!.map((r, i) => r[at] - base[i]![at]));
  };
  return {
    series: series.map((s) => {
      const r = perRound.get(s.key)!;
      return {
        key: s.key,
        label: s.label,
        p50: median(r.map((x) => x.p50)),
        p99: median(r.map((x) => x.p99)),
        addedP50: s.key === 'direct' ? null : minus(s.key, 'direct', 'p50'),
        addedP99: s.key === 'direct' ? null : minus(s.key, 'direct', 'p99'),
        rounds: r,
      };
    }),
    limitsDifference: {
      label: 'limited − plain',
      p50: minus('limited', 'plain', 'p50'),
      p99: minus('limited', 'plain', 'p99'),
    },
    routeDifference: {
      label: 'route − plain',
      p50: minus('route', 'plain', 'p50'),
      p99: minus('route', 'plain', 'p99'),
    },
    rounds,
    warmup,
    samples,
  };
}
