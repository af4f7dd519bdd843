/**
 * The app under bench/reads-off-loop.ts, in a process of its own so that what blocks its event
 * loop cannot block the load generator's: the real services (gateway, store reader) on the
 * seeded data dir, with the simulator as upstream. Takes the arguments spawnGateway gives
 * `serve`. On the parent's command (IPC) it runs the Usage and Logs pages' reads back to back
 * until told to stop (ReadsCommand says how), and answers with how many reads it made and
 * what its event loop went through meanwhile.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { createAppServices } from '../electron/services/app-services.ts';
import { memorySecretStore } from '../electron/services/memory-secret-store.ts';
import { DATABASE_FILE } from '../electron/store/open-store.ts';
import { readSources } from '../electron/store/store-reads.ts';
import { GATEWAY_TOKEN, SIM_KEY } from './config.ts';
import { readLoad, type ReadCall, type ReadsCommand, type ReadsDone } from './reads-load.ts';

const { values } = parseArgs({
  options: {
    upstream: { type: 'string' },
    port: { type: 'string' },
    'data-dir': { type: 'string' },
  },
  allowPositionals: true,
});
const dataDir = values['data-dir'];
if (!dataDir || !values.upstream || !process.send) throw new Error('Run by reads-off-loop.ts.');
const send = process.send.bind(process);

const services = await createAppServices({
  dataDir,
  shell: 'headless',
  port: 0,
  env: { MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEY, MODEL_GATEWAY_TOKEN: GATEWAY_TOKEN },
  keychain: memorySecretStore(),
  version: 'bench',
  log: (line) => process.stderr.write(`${line}\n`),
});
// A data dir kept from an earlier run has the profile already: it gets this run's simulator.
const profiles = (await services.handle('profiles.list', undefined)) as {
  id: string;
  name: string;
}[];
const id = profiles.find((p) => p.name === 'sim')?.id;
await services.handle('profiles.save', {
  ...(id ? { id } : {}),
  name: 'sim',
  baseUrl: values.upstream,
  pricingUrl: null,
});

// The old path: the query classes on this thread, on a connection of their own.
const inline = readSources(new Database(join(dataDir, DATABASE_FILE), { readonly: true }));
const runInline = (call: ReadCall): unknown => {
  switch (call.method) {
    case 'usage.totals':
      return inline.usage.usageTotals(call.params);
    case 'usage.series':
      return inline.usage.usageSeries(call.params);
    case 'usage.by':
      return inline.usage.usageBy(call.params);
    case 'logs.search':
      return inline.requestLog.searchLog(call.params.filter, call.params);
  }
};

/** The store reader's thread's id (Linux: its name is the Worker's). */
function readerThread(): number {
  for (const id of readdirSync('/proc/self/task')) {
    if (readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim() === 'store-reader')
      return Number(id);
  }
  throw new Error('No store-reader thread.');
}

let running: Promise<ReadsDone> | null = null;
let stop = false;
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();

async function loop({ mode, nice }: ReadsCommand): Promise<ReadsDone> {
  // Raising a thread's priority back needs CAP_SYS_NICE: reads-off-loop.ts asks only as root.
  const own = mode === 'worker-at-nice' ? getPriority(readerThread()) : null;
  if (mode === 'worker-at-nice') setPriority(readerThread(), nice ?? 0);
  loopDelay.reset();
  const cpu = process.threadCpuUsage();
  const wall = performance.now();
  const now = Date.now();
  let reads = 0;
  let longestMs = 0;
  while (!stop) {
    if (mode === 'none') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    for (const call of readLoad(now)) {
      if (stop) break;
      const started = performance.now();
      if (mode !== 'inline') await services.handle(call.method, call.params);
      else {
        runInline(call);
        // Each read was a call of its own: the loop turned between two.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      longestMs = Math.max(longestMs, performance.now() - started);
      reads += 1;
    }
  }
  const used = process.threadCpuUsage(cpu);
  if (own !== null) setPriority(readerThread(), own);
  return {
    reads,
    longestMs,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
    mainThreadCpu: (used.user + used.system) / 1000 / (performance.now() - wall),
  };
}

process.on('message', (message: ReadsCommand | { stop: true }) => {
  if ('stop' in message) {
    stop = true;
    void running?.then((done) => send(done));
    running = null;
    return;
  }
  stop = false;
  running = loop(message);
});
process.on('SIGTERM', () => {
  void services.close().then(() => process.exit(0));
});
process.stdout.write(`Gateway listening on ${services.status().gateway.url}\n`);
