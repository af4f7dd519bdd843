/**
 * `npx node bench/reads-off-loop.ts`: what the app's reads of a large store cost the gateway's
 * requests. Seeds a store with 1,000,000 request-log rows over 90 days (bench/usage-seed.ts),
 * starts the simulator and the app on it (bench/reads-app.ts, its own process), then sends the
 * gateway a cheap request every 5 ms, `GET /v1/models` and a non-streamed chat in turn, each
 * timed from sending to the end of its answer: alone; while the Usage page's five queries (30
 * and 90 days) and three Logs searches run back to back with the query classes on the gateway's
 * thread (the app before the store reader); while they run through the services in the store
 * reader's worker (the app now, its thread at nice 10); and the same with the worker's thread
 * at `--compare-nice N` (default 0, the process's own; as root only, since only root may raise
 * a thread's priority again). Phases alternate within each round. Target: the reads add at
 * most 5 ms to a request. Writes bench/results/reads-off-loop.md and .json.
 * `--rows N`, `--seconds S` (per phase and round), `--rounds R`; `--seed-dir DIR` keeps the
 * seeded store there, and later runs start from a copy of it (seeding takes a minute or two).
 */
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, release } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { DATABASE_FILE, openStore } from '../electron/store/open-store.ts';
import { makeTempDir } from '../test/doubles/store/temp-dir.ts';
import { GATEWAY_TOKEN } from './config.ts';
import { watchLoad } from './machine-load.ts';
import type { ReadsCommand, ReadsDone } from './reads-load.ts';
import { spawnGateway, spawnSimulator, type Service } from './spawn-services.ts';
import { median, percentile } from './stats.ts';
import { seedLog } from './usage-seed.ts';

const RESULTS = resolve(import.meta.dirname, 'results');
const TARGET_MS = 5;
const INTERVAL_MS = 5;
const KINDS = ['models', 'chat'] as const;
type Kind = (typeof KINDS)[number];
type Mode = ReadsCommand['mode'];

const LABEL: Record<Mode, string> = {
  none: 'alone',
  inline: 'reads on the gateway’s thread (before)',
  worker: 'reads in the store reader’s worker (now)',
  'worker-at-nice': 'the same, the worker’s thread at nice NICE',
};

const log = (line: string): void => {
  process.stderr.write(`[reads-off-loop ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
};

/** One phase of one round: each request kind's percentiles, and what the app reported. */
interface RoundResult {
  latency: Record<Kind, { p50: number; p99: number; max: number }>;
  app: ReadsDone;
}

interface PhaseSummary {
  mode: Mode;
  /** Per kind: medians over rounds of p50 and p99, the largest max; added: the same of the differences to `none` in each round. */
  kinds: Record<
    Kind,
    {
      samples: number;
      p50: number;
      p99: number;
      max: number;
      addedP50: number;
      addedP99: number;
      addedMax: number;
    }
  >;
  reads: number;
  longestReadMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  mainThreadCpu: number;
}

function requestFor(kind: Kind): { method: 'GET' | 'POST'; path: string; body?: string } {
  return kind === 'models'
    ? { method: 'GET', path: '/v1/models' }
    : {
        method: 'POST',
        path: '/v1/chat/completions',
        body: JSON.stringify({
          model: 'sim-chat',
          stream: false,
          messages: [{ role: 'user', content: 'Say hello.' }],
        }),
      };
}

/** A request every INTERVAL_MS for `seconds` (open loop), kinds in turn; each one's latency. */
async function load(pool: Pool, seconds: number): Promise<Record<Kind, number[]>> {
  const latencies: Record<Kind, number[]> = { models: [], chat: [] };
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  const count = Math.round((seconds * 1000) / INTERVAL_MS);
  for (let i = 0; i < count; i += 1) {
    const wait = start + i * INTERVAL_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const kind = KINDS[i % KINDS.length]!;
    const { method, path, body } = requestFor(kind);
    const sent = performance.now();
    inFlight.push(
      pool
        .request({
          method,
          path,
          headers: {
            authorization: `Bearer ${GATEWAY_TOKEN}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body } : {}),
        })
        .then(async (response) => {
          await response.body.text();
          if (response.statusCode !== 200) throw new Error(`${path}: HTTP ${response.statusCode}`);
          latencies[kind].push(performance.now() - sent);
        }),
    );
  }
  await Promise.all(inFlight);
  return latencies;
}

/** The load for `seconds` while the app runs its reads as `mode` says. */
async function phase(
  gateway: Service,
  pool: Pool,
  command: ReadsCommand,
  seconds: number,
): Promise<RoundResult> {
  gateway.child.send(command);
  const latencies = await load(pool, seconds);
  const answer = once(gateway.child, 'message');
  gateway.child.send({ stop: true });
  const [app] = (await answer) as [ReadsDone];
  const stats = (values: number[]) => ({
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: Math.max(...values),
  });
  return { latency: { models: stats(latencies.models), chat: stats(latencies.chat) }, app };
}

function summarize(
  mode: Mode,
  rounds: RoundResult[],
  alone: RoundResult[],
  seconds: number,
): PhaseSummary {
  const samples = Math.round((seconds * 1000) / INTERVAL_MS / KINDS.length) * rounds.length;
  const kind = (k: Kind) => {
    const of = (r: RoundResult) => r.latency[k];
    const added = (pick: (s: { p50: number; p99: number; max: number }) => number) =>
      median(rounds.map((r, i) => pick(of(r)) - pick(of(alone[i]!))));
    return {
      samples,
      p50: median(rounds.map((r) => of(r).p50)),
      p99: median(rounds.map((r) => of(r).p99)),
      max: Math.max(...rounds.map((r) => of(r).max)),
      addedP50: added((s) => s.p50),
      addedP99: added((s) => s.p99),
      addedMax: added((s) => s.max),
    };
  };
  return {
    mode,
    kinds: { models: kind('models'), chat: kind('chat') },
    reads: rounds.reduce((n, r) => n + r.app.reads, 0),
    longestReadMs: Math.max(...rounds.map((r) => r.app.longestMs)),
    loopDelayP99Ms: median(rounds.map((r) => r.app.loopDelayP99Ms)),
    loopDelayMaxMs: Math.max(...rounds.map((r) => r.app.loopDelayMaxMs)),
    mainThreadCpu: median(rounds.map((r) => r.app.mainThreadCpu)),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '1000000' },
      seconds: { type: 'string', default: '6' },
      rounds: { type: 'string', default: '5' },
      'seed-dir': { type: 'string' },
      'compare-nice': { type: 'string', default: '0' },
    },
  });
  const rows = Number(values.rows);
  const seconds = Number(values.seconds);
  const roundCount = Number(values.rounds);
  // Only root may give the worker its priority back (reads-app.ts).
  const modes: Mode[] = ['none', 'inline', 'worker'];
  if (process.getuid?.() === 0) modes.push('worker-at-nice');
  const nice = Number(values['compare-nice']);
  const temp = makeTempDir('mgw-reads-off-loop-');
  let sim: Service | undefined;
  let gateway: Service | undefined;
  try {
    const seedDir = values['seed-dir'] ?? join(temp.dir, 'seed');
    if (!existsSync(join(seedDir, DATABASE_FILE))) {
      const started = performance.now();
      const seedStore = openStore(seedDir);
      seedLog(seedStore.db, { rows, days: 90, schema: 7 });
      seedStore.close();
      log(`seeded ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    // The app writes (its requests' rows): it gets a copy, the seed stays as it was.
    const dataDir = join(temp.dir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    copyFileSync(join(seedDir, DATABASE_FILE), join(dataDir, DATABASE_FILE));
    sim = await spawnSimulator();
    gateway = await spawnGateway({
      upstream: sim.url,
      entry: 'bench/reads-app.ts',
      dataDir,
      ipc: true,
    });
    const pool = new Pool(gateway.url, { connections: 256 });
    // The catalog fetched and cached, the code warm, the worker started, the pages cached.
    for (const mode of modes) await phase(gateway, pool, { mode, nice }, 2);

    const rounds = Object.fromEntries(modes.map((m) => [m, [] as RoundResult[]])) as Record<
      Mode,
      RoundResult[]
    >;
    const watch = watchLoad([gateway.pid, sim.pid]);
    for (let round = 0; round < roundCount; round += 1) {
      for (const mode of modes) {
        const result = await phase(gateway, pool, { mode, nice }, seconds);
        rounds[mode].push(result);
        log(
          `round ${round + 1} ${mode}: p99 models ${result.latency.models.p99.toFixed(1)} ms, chat ${result.latency.chat.p99.toFixed(1)} ms; ${result.app.reads} reads; loop delay p99 ${result.app.loopDelayP99Ms.toFixed(1)} ms`,
        );
      }
    }
    const otherLoad = watch.stop().otherShare;
    await pool.close();

    const results = {
      date: new Date().toISOString().slice(0, 10),
      node: process.version,
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
      kernel: release(),
      rows,
      seconds,
      rounds: roundCount,
      intervalMs: INTERVAL_MS,
      compareNice: nice,
      otherLoad,
      phases: modes.map((m) => summarize(m, rounds[m], rounds.none, seconds)),
    };
    writeFileSync(join(RESULTS, 'reads-off-loop.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(join(RESULTS, 'reads-off-loop.md'), report(results));
    process.stdout.write(report(results));
  } finally {
    await gateway?.stop();
    await sim?.stop();
    temp.remove();
  }
}

const ms = (value: number): string => (Math.abs(value) >= 10 ? value.toFixed(0) : value.toFixed(1));

function report(r: {
  date: string;
  node: string;
  cpus: string;
  kernel: string;
  rows: number;
  seconds: number;
  rounds: number;
  intervalMs: number;
  compareNice: number;
  otherLoad: number;
  phases: PhaseSummary[];
}): string {
  const label = (mode: Mode): string => LABEL[mode].replace('NICE', String(r.compareNice));
  const lines = [
    '# Reads off the event loop',
    '',
    `\`npx node bench/reads-off-loop.ts\` (${r.date}; Node ${r.node}, ${r.cpus}, Linux ${r.kernel}; other processes used ${(r.otherLoad * 100).toFixed(0)} % of the machine meanwhile): the app (bench/reads-app.ts: the real services, in a process of its own) on a store of ${r.rows.toLocaleString('en')} request-log rows over 90 days. A request every ${r.intervalMs} ms, \`GET /v1/models\` with a local token and a non-streamed chat to the simulator in turn, timed from sending to the end of the answer; ${r.seconds} s per phase, ${r.rounds} rounds with the phases alternated in each. The reads, back to back: the Usage page's five queries over 30 and over 90 days, and three Logs searches of 100 rows with their counts (all rows, the errors, the text \`claude\`, which reads every row). p50 and p99: medians over rounds; max: the largest; added: median over rounds of the difference to the requests alone in the same round.`,
    '',
    '| phase | request | samples | p50 | p99 | max | added p50 | added p99 | added max |',
    '| ----- | ------- | ------- | --- | --- | --- | --------- | --------- | --------- |',
    ...r.phases.flatMap((p) =>
      KINDS.map((kind) => {
        const s = p.kinds[kind];
        const added = (v: number): string => (p.mode === 'none' ? '–' : `**${ms(v)} ms**`);
        return `| ${label(p.mode)} | ${kind === 'models' ? 'GET /v1/models' : 'chat, non-streamed'} | ${s.samples} | ${ms(s.p50)} ms | ${ms(s.p99)} ms | ${ms(s.max)} ms | ${added(s.addedP50)} | ${added(s.addedP99)} | ${added(s.addedMax)} |`;
      }),
    ),
    '',
    'The app meanwhile: the reads it made and the longest (as its caller waited), its event loop delay (p99: median over rounds; max: the largest), and its main thread’s CPU time over the wall time (median over rounds).',
    '',
    '| phase | reads | longest read | loop delay p99 | loop delay max | main thread CPU |',
    '| ----- | ----- | ------------ | -------------- | -------------- | --------------- |',
    ...r.phases.map(
      (p) =>
        `| ${label(p.mode)} | ${p.reads.toLocaleString('en')} | ${p.mode === 'none' ? '–' : `${ms(p.longestReadMs)} ms`} | ${ms(p.loopDelayP99Ms)} ms | ${ms(p.loopDelayMaxMs)} ms | ${(p.mainThreadCpu * 100).toFixed(0)} % |`,
    ),
    '',
    `Target: the reads add at most ${TARGET_MS} ms to a request.`,
    '',
  ];
  return `${lines.join('\n')}\n`;
}

await main();
