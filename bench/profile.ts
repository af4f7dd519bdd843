import autocannon from 'autocannon';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Agent } from 'undici';
import { burst, burstCall } from './burst.ts';
import { SIZES } from './config.ts';
import { summarizeProfile, type CpuProfile, type ProfileSummary } from './cpu-profile-summary.ts';
import { timedRequest } from './http-client.ts';
import { freePort, inspectFlag, profileWhile } from './inspector-profile.ts';
import { gatewayCall, PAIRS, SHORT_PROMPT, type Pair } from './pairs.ts';
import { ROOT, spawnGateway } from './spawn-services.ts';

export interface ProfileScenario {
  name: string;
  description: string;
  summary: ProfileSummary;
  /** Requests (or streams) completed under the profiler. */
  completed: number;
  /** The .cpuprofile file (relative to the repository), for Chrome DevTools or speedscope. */
  file: string;
}

const pair = (client: string, upstream: string): Pair =>
  PAIRS.find((p) => p.client === client && p.upstream === upstream)!;

/**
 * A CPU profile of a fresh gateway process under load, one process per scenario so each profile
 * shows one kind of work, recorded through the inspector from after the warm-up to the end of
 * the load (start-up is not in it). The profiler slows the gateway down, so these runs are kept
 * apart from the measured ones.
 */
export async function profileGateway(
  simulator: string,
  outDir: string,
  log: (line: string) => void,
): Promise<ProfileScenario[]> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const { seconds, concurrency } = SIZES.profile;
  const scenarios: {
    name: string;
    description: string;
    load: (gateway: string) => Promise<number>;
  }[] = [
    {
      name: 'pass-through',
      description: `chat → chat, non-streamed, ${concurrency} connections, ${seconds} s`,
      load: (gw) => cannon(gw, pair('chat', 'chat'), concurrency, seconds),
    },
    {
      name: 'translated',
      description: `chat → responses, non-streamed, ${concurrency} connections, ${seconds} s`,
      load: (gw) => cannon(gw, pair('chat', 'responses'), concurrency, seconds),
    },
    {
      // The slowest pairs: a responses client's conversation is stored for previous_response_id.
      name: 'translated-responses-client',
      description: `responses → chat, non-streamed, ${concurrency} connections, ${seconds} s`,
      load: (gw) => cannon(gw, pair('responses', 'chat'), concurrency, seconds),
    },
    {
      // Issue 14: where a burst of new streams waits.
      name: 'burst',
      description: `chat → chat, streamed, ${SIZES.burst.profiled} streams opened at once on new connections, bursts for ${seconds} s`,
      load: (gw) => bursts(gw, SIZES.burst.profiled, seconds),
    },
    {
      name: 'translated-stream',
      description: `responses → chat, streamed 500-word answers, 16 at a time, ${seconds} s`,
      load: (gw) => streams(gw, pair('responses', 'chat'), 16, seconds),
    },
  ];
  const results: ProfileScenario[] = [];
  for (const scenario of scenarios) {
    const dir = join(outDir, scenario.name);
    mkdirSync(dir, { recursive: true });
    const port = await freePort();
    const gateway = await spawnGateway({
      upstream: simulator,
      // From the sources, not the bundle: the same code, but every frame names its own file, so
      // costs can be attributed (the bundle has no source maps).
      entry: 'bin/model-gateway.ts',
      nodeFlags: [inspectFlag(port)],
    });
    let completed: number;
    let profile: CpuProfile;
    try {
      // Catalog load and JIT warm-up, before the profiler starts.
      await cannon(gateway.url, pair('chat', 'chat'), 4, 1);
      if (scenario.name === 'burst') await bursts(gateway.url, 20, 0.5);
      ({ result: completed, profile } = await profileWhile(port, () => scenario.load(gateway.url)));
    } finally {
      await gateway.stop();
    }
    const file = join(dir, 'gateway.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    results.push({
      name: scenario.name,
      description: scenario.description,
      summary: summarizeProfile(profile),
      completed,
      file: relative(ROOT, file),
    });
    log(`profile: ${scenario.name} done`);
  }
  return results;
}

async function cannon(gateway: string, p: Pair, connections: number, seconds: number) {
  const call = gatewayCall(gateway, p, { stream: false, prompt: SHORT_PROMPT });
  const result = await autocannon({
    url: call.origin + call.path,
    method: 'POST',
    headers: call.headers,
    body: call.body,
    connections,
    duration: seconds,
  });
  return result['2xx'];
}

/** Bursts of `n` streams at once, one after the other until time is up; streams completed. */
async function bursts(gateway: string, n: number, seconds: number): Promise<number> {
  const call = burstCall(gateway);
  const until = Date.now() + seconds * 1000;
  let done = 0;
  while (Date.now() < until) done += (await burst(call, n, 'new')).ttfb.length;
  return done;
}

/** `workers` loops, each streaming one long answer after another until time is up. */
async function streams(gateway: string, p: Pair, workers: number, seconds: number) {
  const agent = new Agent({ connections: workers });
  const call = gatewayCall(gateway, p, { stream: true, prompt: '[[sim:long=500]]' });
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        await timedRequest(agent, call);
        done += 1;
      }
    }),
  );
  await agent.close();
  return done;
}
