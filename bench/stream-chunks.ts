import { Client } from 'undici';
import { CODECS } from '../electron/gateway/formats/codecs.ts';
import { SIZES } from './config.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { directCall, FORMATS, gatewayCall, PAIRS, type Format, type Pair } from './pairs.ts';
import { cpuMs } from './proc-stats.ts';
import { median } from './stats.ts';

export interface ChunkCostResult {
  pair: Pair;
  /** SSE records the upstream sends for one answer. */
  upstreamRecords: number;
  /** Median over rounds of the whole stream's duration, ms. */
  gatewayMs: number;
  directMs: number;
  /** Median over rounds of (gateway − direct) / records, in µs per upstream record. */
  addedUsPerChunk: number;
  /** The gateway process's CPU time (user + system) per upstream record, µs. */
  gatewayCpuUsPerChunk: number;
}

export const CHUNKS_PROMPT = (): string => `Write at length. [[sim:long=${SIZES.chunks.words}]]`;

/** Records in a stream, read with the format's own framing (SSE events, NDJSON lines). */
export function countRecords(format: Format, text: string): number {
  let n = 0;
  const reader = CODECS[format].framing.createReader(() => (n += 1));
  reader.push(Buffer.from(text));
  reader.end();
  return n;
}

/**
 * Per-chunk cost: long streamed answers (one word per record, no delay between records) read
 * as fast as the client can. The added time over the direct stream, divided by the records
 * the upstream sent, is what each record costs on the gateway's path; the gateway's CPU time
 * per record (from /proc/<pid>/stat, 10 ms ticks, summed over every stream of a pair) says
 * the same without the wall clock.
 */
export async function measureChunkCost(
  gateway: { url: string; pid: number },
  simulator: string,
  log: (line: string) => void,
): Promise<ChunkCostResult[]> {
  const { rounds, warmup, samples } = SIZES.chunks;
  const toGateway = new Client(gateway.url, { pipelining: 1, keepAliveTimeout: 60_000 });
  const toSim = new Client(simulator, { pipelining: 1, keepAliveTimeout: 60_000 });
  const records = new Map<Format, number>();
  const perRound = new Map<Pair, { g: number; d: number }[]>(PAIRS.map((p) => [p, []]));
  const cpu = new Map<Pair, number>(PAIRS.map((p) => [p, 0]));
  try {
    for (const upstream of FORMATS) {
      const call = directCall(simulator, upstream, { stream: true, prompt: CHUNKS_PROMPT() });
      const answer = expectOk(`direct ${upstream}`, await timedRequest(toSim, call, true));
      records.set(upstream, countRecords(upstream, answer.text));
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const pair of PAIRS) {
        const viaGateway = gatewayCall(gateway.url, pair, {
          stream: true,
          prompt: CHUNKS_PROMPT(),
        });
        const direct = directCall(simulator, pair.upstream, {
          stream: true,
          prompt: CHUNKS_PROMPT(),
        });
        const g: number[] = [];
        const d: number[] = [];
        for (let i = 0; i < warmup + samples; i += 1) {
          const before = i < warmup ? 0 : cpuMs(gateway.pid);
          const a = expectOk(pair.label, await timedRequest(toGateway, viaGateway));
          if (i >= warmup) cpu.set(pair, cpu.get(pair)! + cpuMs(gateway.pid) - before);
          const b = expectOk(`direct ${pair.upstream}`, await timedRequest(toSim, direct));
          if (i < warmup) continue;
          g.push(a.totalMs);
          d.push(b.totalMs);
        }
        perRound.get(pair)!.push({ g: median(g), d: median(d) });
      }
    }
    log('per-chunk cost done');
  } finally {
    await Promise.all([toGateway.close(), toSim.close()]);
  }
  return PAIRS.map((pair) => {
    const r = perRound.get(pair)!;
    const n = records.get(pair.upstream)!;
    return {
      pair,
      upstreamRecords: n,
      gatewayMs: median(r.map((x) => x.g)),
      directMs: median(r.map((x) => x.d)),
      addedUsPerChunk: median(r.map((x) => ((x.g - x.d) * 1000) / n)),
      gatewayCpuUsPerChunk: (cpu.get(pair)! * 1000) / (n * rounds * samples),
    };
  });
}
