import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { SIZES } from './config.ts';
import { expectOk, timedRequest } from './http-client.ts';
import { directCall, gatewayCall, PAIRS, SHORT_PROMPT, type HttpCall, type Pair } from './pairs.ts';
import { rssBytes } from './proc-stats.ts';
import { spawnGateway } from './spawn-services.ts';

export interface OpenStreamsResult {
  /** `direct (control)`, a pair's label, or `all N pairs mixed`. */
  label: string;
  /** The control run measures the simulator; the others a fresh gateway. */
  process: 'simulator' | 'gateway';
  streams: number;
  /** Most streams open (sent, not yet ended) at one RSS sample. */
  peakOpen: number;
  /** The measured process (the gateway; the simulator in the control run), bytes. */
  idleRss: number;
  peakRss: number;
  /** Streams that did not start, went silent, or never got a second chunk within the bounds. */
  stalled: number;
  /** Streams that failed outright (non-200, socket error, cut at the deadline). */
  failed: number;
  /** Longest wait for a first chunk and longest silence between chunks seen, ms. */
  worstFirstChunkMs: number;
  worstGapMs: number;
  seconds: number;
}

interface Track {
  sentAt: number;
  firstAt: number;
  lastAt: number;
  reads: number;
  maxGap: number;
  status: number;
  ended: boolean;
  error: boolean;
}

const slowPrompt = (): string => {
  const { chunkIntervalMs, words } = SIZES.openStreams;
  return `Hold this stream open. [[sim:slow-chunks=${chunkIntervalMs}]] [[sim:long=${words}]]`;
};

/** Which stream sets to hold: the default run's three, or (`--full`) every pair on its own too. */
function memoryScenarios(full: boolean): { label: string; pairs: readonly Pair[] }[] {
  const pick = (client: string, upstream: string): Pair =>
    PAIRS.find((p) => p.client === client && p.upstream === upstream)!;
  const single = full
    ? PAIRS
    : [pick('chat', 'chat'), pick('chat', 'responses'), pick('responses', 'chat')];
  return [
    ...single.map((pair) => ({ label: pair.label, pairs: [pair] })),
    { label: `all ${PAIRS.length} pairs mixed`, pairs: PAIRS },
  ];
}

/**
 * 1,000 slow streams held open at once through a fresh gateway per scenario, while the
 * gateway's RSS is read from /proc every 100 ms. Every stream is watched: it must start, keep
 * receiving records at the simulator's pace and end. A control run sends the same streams
 * straight to the simulator, to show the load itself (client, simulator) is not what stalls.
 */
export async function measureOpenStreams(
  simulator: { url: string; pid: number },
  full: boolean,
  log: (line: string) => void,
  /** A patched checkout's gateway instead of this one (for A/B runs). */
  otherGateway?: { root: string; entry?: string; nodeFlags?: string[] },
): Promise<OpenStreamsResult[]> {
  const results: OpenStreamsResult[] = [];
  const other = otherGateway ?? {};
  const control = directCall(simulator.url, 'chat', { stream: true, prompt: slowPrompt() });
  results.push({
    label: 'direct (control)',
    process: 'simulator',
    ...(await holdStreams([control], simulator.pid)),
  });
  log('open streams: direct control done');
  for (const scenario of memoryScenarios(full)) {
    const gateway = await spawnGateway({ upstream: simulator.url, ...other });
    try {
      const warm = new Pool(gateway.url, { connections: 4 });
      for (const pair of scenario.pairs) {
        for (const stream of [false, true, false, true]) {
          const call = gatewayCall(gateway.url, pair, { stream, prompt: SHORT_PROMPT });
          expectOk(pair.label, await timedRequest(warm, call));
        }
      }
      await warm.close();
      const calls = scenario.pairs.map((pair) =>
        gatewayCall(gateway.url, pair, { stream: true, prompt: slowPrompt() }),
      );
      results.push({
        label: scenario.label,
        process: 'gateway',
        ...(await holdStreams(calls, gateway.pid)),
      });
    } finally {
      await gateway.stop();
    }
    log(`open streams: ${scenario.label} done`);
  }
  return results;
}

async function holdStreams(
  calls: HttpCall[],
  pid: number,
): Promise<Omit<OpenStreamsResult, 'label' | 'process'>> {
  const { streams, chunkIntervalMs, words, firstChunkWithinMs, maxGapMs } = SIZES.openStreams;
  const idleRss = rssBytes(pid);
  // One connection per stream: an SSE answer occupies its connection until it ends.
  const pool = new Pool(calls[0]!.origin, {
    connections: streams + 16,
    pipelining: 1,
    headersTimeout: 120_000,
    bodyTimeout: 120_000,
  });
  const tracks: Track[] = [];
  let peakRss = idleRss;
  let peakOpen = 0;
  const sample = (): void => {
    peakRss = Math.max(peakRss, rssBytes(pid));
    peakOpen = Math.max(peakOpen, tracks.filter((t) => t.sentAt > 0 && !t.ended).length);
  };
  const sampler = setInterval(sample, 100);
  // Bounded in time: the longest stream (the responses format sends about words + 8 records)
  // plus a margin; whatever is still open then is cut and counted as failed. A stream that had
  // to wait for another to finish before it could start cannot finish in time either.
  const deadlineMs = (words + 10) * chunkIntervalMs + 4_000;
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), deadlineMs);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: streams }, (_, i) => {
      const track: Track = {
        sentAt: performance.now(),
        firstAt: -1,
        lastAt: -1,
        reads: 0,
        maxGap: 0,
        status: 0,
        ended: false,
        error: false,
      };
      tracks.push(track);
      return follow(pool, calls[i % calls.length]!, track, controller.signal);
    }),
  );
  clearTimeout(deadline);
  clearInterval(sampler);
  sample();
  await pool.destroy();
  const stalled = tracks.filter(
    (t) =>
      t.firstAt < 0 ||
      t.firstAt - t.sentAt > firstChunkWithinMs ||
      t.reads < 2 ||
      t.maxGap > maxGapMs,
  ).length;
  return {
    streams,
    peakOpen,
    idleRss,
    peakRss,
    stalled,
    failed: tracks.filter((t) => t.error || t.status !== 200 || !t.ended).length,
    worstFirstChunkMs: Math.max(
      ...tracks.map((t) => (t.firstAt < 0 ? deadlineMs : t.firstAt - t.sentAt)),
    ),
    worstGapMs: Math.max(...tracks.map((t) => t.maxGap)),
    seconds: (performance.now() - started) / 1000,
  };
}

async function follow(pool: Pool, call: HttpCall, t: Track, signal: AbortSignal): Promise<void> {
  try {
    const response = await pool.request({
      method: 'POST',
      path: call.path,
      headers: call.headers,
      body: call.body,
      signal,
    });
    t.status = response.statusCode;
    for await (const _chunk of response.body) {
      const now = performance.now();
      if (t.firstAt < 0) t.firstAt = now;
      else t.maxGap = Math.max(t.maxGap, now - t.lastAt);
      t.lastAt = now;
      t.reads += 1;
    }
    t.ended = true;
  } catch {
    t.error = true;
    t.ended = true;
  }
}
