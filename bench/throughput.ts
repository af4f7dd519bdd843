import autocannon from 'autocannon';
import { SIZES } from './config.ts';
import {
  directCall,
  FORMATS,
  gatewayCall,
  PAIRS,
  SHORT_PROMPT,
  type Format,
  type HttpCall,
  type Pair,
} from './pairs.ts';
import { cpuMs } from './proc-stats.ts';
import { median } from './stats.ts';

export interface Endpoint {
  url: string;
  pid: number;
}

export interface ThroughputResult {
  pair: Pair;
  concurrency: number;
  /** Requests per second, medians over rounds. */
  gatewayRps: number;
  directRps: number;
  /** Median over rounds of gateway / direct (each round's direct run is its neighbour). */
  ratio: number;
  /**
   * CPU time per completed request (from /proc/<pid>/stat): the gateway's in the gateway run,
   * the simulator's in the direct run. Unlike req/s, barely moved by other load on the machine.
   */
  gatewayCpuUs: number;
  simulatorCpuUs: number;
  rounds: number;
  /** Non-2xx answers and socket errors, summed over rounds (expected 0). */
  failures: number;
}

interface Run {
  rps: number;
  fail: number;
  /** CPU µs per completed request of the process given. */
  cpuUs: number;
}

/**
 * One closed-loop autocannon run after its own warm-up run (new connections, the gateway's JIT
 * and upstream pool warm): completed 2xx requests per second, and the CPU per request of `pid`.
 */
async function run(call: HttpCall, connections: number, pid: number): Promise<Run> {
  const { warmupSeconds, seconds } = SIZES.throughput;
  const options = {
    url: call.origin + call.path,
    method: 'POST',
    headers: call.headers,
    body: call.body,
    connections,
    pipelining: 1,
    timeout: 30,
  };
  await autocannon({ ...options, duration: warmupSeconds });
  const cpuAtStart = cpuMs(pid);
  const result = await autocannon({ ...options, duration: seconds(connections) });
  const cpuAtEnd = cpuMs(pid);
  return {
    rps: result['2xx'] / result.duration,
    fail: result.non2xx + result.errors + result.timeouts,
    cpuUs: ((cpuAtEnd - cpuAtStart) * 1000) / Math.max(1, result['2xx']),
  };
}

/**
 * Closed-loop throughput (each connection sends its next request when the last answer ended),
 * non-streamed answers. Per round and concurrency, the simulator alone in an upstream format is
 * run right before the three pairs that use that upstream, and each pair's ratio is taken to
 * that neighbouring direct run.
 */
export async function measureThroughput(
  gateway: Endpoint,
  simulator: Endpoint,
  log: (line: string) => void,
): Promise<ThroughputResult[]> {
  const results: ThroughputResult[] = [];
  for (const concurrency of SIZES.throughput.concurrency) {
    const rounds = SIZES.throughput.roundsAt(concurrency);
    const samples = new Map<
      Pair,
      { g: number[]; d: number[]; r: number[]; gc: number[]; sc: number[]; fail: number }
    >(PAIRS.map((p) => [p, { g: [], d: [], r: [], gc: [], sc: [], fail: 0 }]));
    for (let round = 0; round < rounds; round += 1) {
      for (const upstream of FORMATS) {
        const direct = await run(
          directCall(simulator.url, upstream, { stream: false, prompt: SHORT_PROMPT }),
          concurrency,
          simulator.pid,
        );
        for (const pair of pairsFor(upstream)) {
          const viaGateway = await run(
            gatewayCall(gateway.url, pair, { stream: false, prompt: SHORT_PROMPT }),
            concurrency,
            gateway.pid,
          );
          const s = samples.get(pair)!;
          s.g.push(viaGateway.rps);
          s.d.push(direct.rps);
          s.r.push(viaGateway.rps / direct.rps);
          s.gc.push(viaGateway.cpuUs);
          s.sc.push(direct.cpuUs);
          s.fail += viaGateway.fail + direct.fail;
        }
      }
    }
    for (const pair of PAIRS) {
      const s = samples.get(pair)!;
      results.push({
        pair,
        concurrency,
        gatewayRps: median(s.g),
        directRps: median(s.d),
        ratio: median(s.r),
        gatewayCpuUs: median(s.gc),
        simulatorCpuUs: median(s.sc),
        rounds,
        failures: s.fail,
      });
    }
    log(`throughput: concurrency ${concurrency} done (${rounds} round(s))`);
  }
  return results;
}

const pairsFor = (upstream: Format): Pair[] => PAIRS.filter((p) => p.upstream === upstream);
