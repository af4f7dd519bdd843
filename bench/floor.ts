import autocannon from 'autocannon';
import { Client } from 'undici';
import { SIZES } from './config.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { directCall, SHORT_PROMPT, type HttpCall } from './pairs.ts';
import { cpuMs } from './proc-stats.ts';
import { CHUNKS_PROMPT, countRecords } from './stream-chunks.ts';
import { median, percentile } from './stats.ts';

export interface FloorResult {
  /** What the no-logic proxy adds over direct (chat, non-streamed), medians over rounds, ms. */
  addedP50: number;
  addedP99: number;
  /** At concurrency 64: proxy req/s ÷ direct req/s, and the proxy's CPU per request (µs). */
  ratio64: number;
  proxyRps64: number;
  directRps64: number;
  proxyCpuUs64: number;
  /** The same at concurrency 32 (absent in results from before it was measured). */
  ratio32?: number;
  /**
   * A long chat stream through the proxy: its CPU time per upstream record, µs (as
   * stream-chunks.ts measures the gateway's). Absent in results from before it was measured.
   */
  cpuUsPerRecord?: number;
}

/**
 * The same latency and concurrency-64 measurements as for the gateway, through the reference
 * proxy (reference-proxy.ts): the part of the gateway's numbers that any extra HTTP hop in
 * Node costs on this machine, before the gateway does anything of its own.
 */
export async function measureFloor(
  proxy: { url: string; pid: number },
  simulator: { url: string; pid: number },
  log: (line: string) => void,
): Promise<FloorResult> {
  const direct = directCall(simulator.url, 'chat', { stream: false, prompt: SHORT_PROMPT });
  const viaProxy: HttpCall = { ...direct, origin: proxy.url };
  const { rounds, warmup, samples } = SIZES.latency;
  const toProxy = new Client(proxy.url, { pipelining: 1, keepAliveTimeout: 60_000 });
  const toSim = new Client(simulator.url, { pipelining: 1, keepAliveTimeout: 60_000 });
  const p50: number[] = [];
  const p99: number[] = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      const g: number[] = [];
      const d: number[] = [];
      for (let i = 0; i < warmup + samples; i += 1) {
        const a = expectOk('reference proxy', await timedRequest(toProxy, viaProxy));
        const b = expectOk('direct chat', await timedRequest(toSim, direct));
        if (i < warmup) continue;
        g.push(a.totalMs);
        d.push(b.totalMs);
      }
      p50.push(percentile(g, 50) - percentile(d, 50));
      p99.push(percentile(g, 99) - percentile(d, 99));
    }
  } finally {
    await Promise.all([toProxy.close(), toSim.close()]);
  }
  const ratios: number[] = [];
  const proxyRps: number[] = [];
  const directRps: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < SIZES.throughput.roundsAt(64); round += 1) {
    const d = await cannon(direct, simulator.pid, 64);
    const p = await cannon(viaProxy, proxy.pid, 64);
    cpu.push(p.cpuUs);
    ratios.push(p.rps / d.rps);
    proxyRps.push(p.rps);
    directRps.push(d.rps);
  }
  const ratios32: number[] = [];
  for (let round = 0; round < SIZES.throughput.roundsAt(32); round += 1) {
    const d = await cannon(direct, simulator.pid, 32);
    const p = await cannon(viaProxy, proxy.pid, 32);
    ratios32.push(p.rps / d.rps);
  }
  const cpuUsPerRecord = await recordCost(proxy, simulator.url);
  log('floor (reference proxy) done');
  return {
    addedP50: median(p50),
    addedP99: median(p99),
    ratio64: median(ratios),
    proxyRps64: median(proxyRps),
    directRps64: median(directRps),
    proxyCpuUs64: median(cpu),
    ratio32: median(ratios32),
    cpuUsPerRecord,
  };
}

/**
 * The proxy's CPU per upstream record of a long chat stream, sized and counted as
 * measureChunkCost does for the gateway, so the two divide into a ratio.
 */
async function recordCost(proxy: { url: string; pid: number }, simulator: string): Promise<number> {
  const { rounds, warmup, samples } = SIZES.chunks;
  const call = directCall(simulator, 'chat', { stream: true, prompt: CHUNKS_PROMPT() });
  const viaProxy: HttpCall = { ...call, origin: proxy.url };
  const client = new Client(proxy.url, { pipelining: 1, keepAliveTimeout: 60_000 });
  try {
    const first = expectOk('reference proxy stream', await timedRequest(client, viaProxy, true));
    const records = countRecords('chat', first.text);
    let cpu = 0;
    for (let i = 0; i < rounds * (warmup + samples); i += 1) {
      const timed = i % (warmup + samples) >= warmup;
      const before = cpuMs(proxy.pid);
      expectOk('reference proxy stream', await timedRequest(client, viaProxy));
      if (timed) cpu += cpuMs(proxy.pid) - before;
    }
    return (cpu * 1000) / (records * rounds * samples);
  } finally {
    await client.close();
  }
}

/** Warm-up, then the measured closed-loop run (as in throughput.ts). */
async function cannon(
  call: HttpCall,
  pid: number,
  connections: number,
): Promise<{ rps: number; cpuUs: number }> {
  const options = {
    url: call.origin + call.path,
    method: 'POST',
    headers: call.headers,
    body: call.body,
    connections,
    pipelining: 1,
  };
  await autocannon({ ...options, duration: SIZES.throughput.warmupSeconds });
  const c0 = cpuMs(pid);
  const result = await autocannon({ ...options, duration: SIZES.throughput.seconds(connections) });
  const cpuUs = ((cpuMs(pid) - c0) * 1000) / Math.max(1, result['2xx']);
  return { rps: result['2xx'] / result.duration, cpuUs };
}
