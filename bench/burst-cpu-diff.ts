import { burst, burstCall, BURST_PROMPT } from './burst.ts';
import { SIZES } from './config.ts';
import { summarizeProfile } from './cpu-profile-summary.ts';
import { freePort, inspectFlag, profileWhile } from './inspector-profile.ts';
import { directCall, type HttpCall } from './pairs.ts';
import { spawnGateway, spawnReferenceProxy, type Service } from './spawn-services.ts';

export interface BurstCpuSide {
  streams: number;
  /** Busy (non-idle) profiled CPU time per stream, µs. */
  usPerStream: number;
  /** The same split by where the code lives (the profile summary's categories), µs per stream. */
  categories: { category: string; us: number }[];
  /** The functions with the most self time, µs per stream. */
  top: { name: string; us: number }[];
}

/**
 * The gateway and the no-logic proxy under the same loop of bursts (`SIZES.burst.profiled`
 * streams at once on new connections, for `SIZES.profile.seconds`), each profiled through its
 * inspector after a warm-up:
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
    const port = await freePort();
    const service = await start([inspectFlag(port)]);
    try {
      const call = callFor(service.url);
      await burst(call, 20, 'new');
      const until = Date.now() + SIZES.profile.seconds * 1000;
      const { result: streams, profile } = await profileWhile(port, async () => {
        let done = 0;
        while (Date.now() < until)
          done += (await burst(call, SIZES.burst.profiled, 'new')).ttfb.length;
        return done;
      });
      const summary = summarizeProfile(profile);
      const perStream = (share: number): number => (share * summary.busyMs * 1000) / streams;
      return {
        streams,
        usPerStream: perStream(1),
        categories: summary.categories.map((c) => ({
          category: c.category,
          us: perStream(c.self),
        })),
        top: summary.topSelf.map((f) => ({ name: f.name, us: perStream(f.self) })),
      };
    } finally {
      await service.stop(10_000);
    }
  };
  const gateway = await profiled(
    // From the sources, so frames name their files (as in profile.ts).
    (nodeFlags) => spawnGateway({ upstream: simulator, nodeFlags, entry: 'bin/model-gateway.ts' }),
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
