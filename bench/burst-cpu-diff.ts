import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { burst, burstCall, BURST_PROMPT } from './burst.ts';
import { SIZES } from './config.ts';
import { summarizeProfile, type CpuProfile } from './cpu-profile-summary.ts';
import { directCall, type HttpCall } from './pairs.ts';
import { spawnGateway, spawnReferenceProxy, type Service } from './spawn-services.ts';

export interface BurstCpuSide {
  streams: number;
  /** Busy (non-idle) profiled CPU time per stream, µs. */
  usPerStream: number;
  /** The same split by where the code lives (the profile summary's categories), µs per stream. */
  categories: { category: string; us: number }[];
}

/**
 * The gateway and the no-logic proxy under the same loop of bursts (`SIZES.burst.profiled`
 * streams at once on new connections, for `SIZES.profile.seconds`), each under `--cpu-prof`:
 * CPU per stream side by side, and where the difference goes. Profiling slows both alike, so
 * the ratio holds where `/proc` times on a shared machine swing.
 */
export async function measureBurstCpuDiff(
  simulator: string,
): Promise<{ gateway: BurstCpuSide; proxy: BurstCpuSide }> {
  const profiled = async (
    start: (flags: string[]) => Promise<Service>,
    callFor: (url: string) => HttpCall,
  ): Promise<BurstCpuSide> => {
    const dir = mkdtempSync(join(tmpdir(), 'mgw-burst-prof-'));
    try {
      const service = await start(['--cpu-prof', `--cpu-prof-dir=${dir}`]);
      const call = callFor(service.url);
      await burst(call, 20, 'new');
      let streams = 0;
      const until = Date.now() + SIZES.profile.seconds * 1000;
      while (Date.now() < until)
        streams += (await burst(call, SIZES.burst.profiled, 'new')).ttfb.length;
      await service.stop(10_000);
      // The profile is written as the process exits.
      let file: string | undefined;
      for (let tries = 0; !file && tries < 50; tries += 1) {
        file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
        if (!file) await sleep(100);
      }
      if (!file) throw new Error('no CPU profile was written');
      const summary = summarizeProfile(
        JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile,
      );
      const perStream = (share: number): number => (share * summary.busyMs * 1000) / streams;
      return {
        streams,
        usPerStream: perStream(1),
        categories: summary.categories.map((c) => ({
          category: c.category,
          us: perStream(c.self),
        })),
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const gateway = await profiled(
    (nodeFlags) => spawnGateway({ upstream: simulator, nodeFlags }),
    (url) => burstCall(url),
  );
  const proxy = await profiled(
    (flags) => spawnReferenceProxy(simulator, [], flags),
    (url) => ({
      ...directCall(simulator, 'chat', { stream: true, prompt: BURST_PROMPT }),
      origin: url,
    }),
  );
  return { gateway, proxy };
}
