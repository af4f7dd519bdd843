/**
 * `npx node bench/usage-at-scale.ts`: the Usage page and the budgets at the size of real use.
 * Seeds a store with 1,000,000 request-log rows over 90 days (about 11,000 requests a day from
 * 6 tokens, 15 models and 3 model routes, with realistic tokens and costs), then times the five
 * queries the Usage page makes when it opens (renderer/src/stores/usage-store.ts: totals, series
 * by day, by model, token and route) over 30 and 90 days, and a token's spend over a month (what
 * a budget reads). Target: the five together within 50 ms. Also times migration 7 (which builds
 * the running totals from the log) on a 1,000,000-row database of schema 6, and what log records
 * cost to write now that each batch adds to the totals, beside the insert alone, and lowering
 * retention from 90 to 30 days: the longest the event loop is held by one batch of it. Writes
 * bench/results/usage-scale.md and .json. `--rows N` seeds another size (for a quick try).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, release } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { RequestRecord } from '../electron/gateway/server/request-record.ts';
import { LOG_COLUMN_NAMES, recordToColumns } from '../electron/store/log-row.ts';
import { MIGRATIONS, runMigrations } from '../electron/store/migrations.ts';
import { openStore, type Store } from '../electron/store/open-store.ts';
import { PRUNE_BATCH_ROWS, startPruneRun } from '../electron/store/retention.ts';
import { makeTempDir } from '../test/doubles/store/temp-dir.ts';
import { watchLoad } from './machine-load.ts';
import { median } from './stats.ts';
import { seedLog, type Seeded } from './usage-seed.ts';

const RESULTS = resolve(import.meta.dirname, 'results');
const DAY = 86_400_000;
const HOUR = 3_600_000;
const TARGET_MS = 50;
/** Each measurement is repeated this many times after a first, cold run. */
const REPEATS = 25;

const log = (line: string): void => {
  process.stderr.write(`[usage-scale ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
};

interface Timing {
  name: string;
  /** The first run: statements prepared, pages not yet in SQLite's cache. */
  firstMs: number;
  medianMs: number;
  maxMs: number;
  /** CPU time of this process (user + system), median: what other load on the machine cannot inflate much. */
  cpuMedianMs: number;
}

interface RangeResult {
  days: number;
  queries: Timing[];
  /** The five together, as the page waits for all of them. */
  together: Timing;
  /** The same totals straight from the log (what the page cost before the running totals). */
  logScanMs: number;
  requests: number;
}

interface WriteCost {
  batch: number;
  /** CPU time per record through the writer: the row and the running totals. */
  cpuUsPerRecord: number;
  /** The same rows inserted alone, as before the totals. */
  insertAloneCpuUsPerRecord: number;
}

/** Lowering retention from 90 to 30 days on the full log, as the app does it: a batch a turn. */
interface PruneCost {
  deleted: number;
  batches: number;
  /** Fixing what the run deletes (the cap's boundary row), before the first batch. */
  planMs: number;
  /** The longest one batch held the event loop: what a request waits at most. */
  longestBatchMs: number;
  medianBatchMs: number;
  /** All batches together (the loop is free between them). */
  totalSeconds: number;
}

interface UsageScaleResults {
  date: string;
  node: string;
  cpus: string;
  cpuCount: number;
  kernel: string;
  rows: number;
  tokens: number;
  models: number;
  routes: number;
  hourlyRows: number;
  dailyRows: number;
  databaseMiB: number;
  seedSeconds: number;
  migration7Seconds: number;
  ranges: RangeResult[];
  tokenSpend: Timing;
  /** Writing log records on the full log, per record, by batch size. */
  writes: WriteCost[];
  prune: PruneCost;
  /** Share of the machine (all cores) other processes used while the queries ran. */
  otherLoad: number;
}

function measurePrune(store: Store): PruneCost {
  let started = performance.now();
  const next = startPruneRun(store, { maxAgeDays: 30, maxRows: 1_000_000 });
  const planMs = performance.now() - started;
  const batches: number[] = [];
  let deleted = 0;
  const runStarted = performance.now();
  for (;;) {
    started = performance.now();
    const batch = next?.() ?? 0;
    batches.push(performance.now() - started);
    if (batch === 0) break;
    deleted += batch;
  }
  return {
    deleted,
    batches: batches.length - 1,
    planMs,
    longestBatchMs: Math.max(...batches),
    medianBatchMs: median(batches),
    totalSeconds: (performance.now() - runStarted) / 1000,
  };
}

function time(name: string, run: () => unknown): Timing {
  const once = (): { wall: number; cpu: number } => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    run();
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu);
    return { wall, cpu: (used.user + used.system) / 1000 };
  };
  const firstMs = once().wall;
  const runs = Array.from({ length: REPEATS }, once);
  const walls = runs.map((r) => r.wall);
  return {
    name,
    firstMs,
    medianMs: median(walls),
    maxMs: Math.max(...walls),
    cpuMedianMs: median(runs.map((r) => r.cpu)),
  };
}

/** The page's range for a preset: the last N days up to now, as usage-range.ts resolves it. */
function usagePage(store: Store, now: number, days: number): (() => unknown)[] {
  const window = { from: now - days * DAY, to: now };
  return [
    () => store.usage.usageTotals(window),
    () => store.usage.usageSeries({ ...window, bucket: 'day' }),
    () => store.usage.usageBy({ ...window, by: 'model' }),
    () => store.usage.usageBy({ ...window, by: 'token' }),
    () => store.usage.usageBy({ ...window, by: 'route' }),
  ];
}

const QUERY_NAMES = ['usage.totals', 'usage.series (day)', 'by model', 'by token', 'by route'];

function measureRange(store: Store, seeded: Seeded, days: number): RangeResult {
  const page = usagePage(store, seeded.now, days);
  // Cold first: the five together before any of them ran alone.
  const together = time('the five together', () => page.forEach((query) => query()));
  const queries = page.map((query, i) => time(QUERY_NAMES[i] ?? '', query));
  const from = seeded.now - days * DAY;
  const start = performance.now();
  const scanned = store.db
    .prepare<[number, number], { n: number }>(
      'SELECT count(*) AS n, total(cost_usd), sum(input_tokens) FROM request_log WHERE started_at >= ? AND started_at < ?',
    )
    .get(from, seeded.now);
  const logScanMs = performance.now() - start;
  const totals = store.usage.usageTotals({ from, to: seeded.now });
  if (totals.requests !== scanned?.n) {
    throw new Error(`totals say ${totals.requests} requests, the log ${scanned?.n}`);
  }
  return { days, queries, together, logScanMs, requests: totals.requests };
}

/**
 * Log records written through the writer (rows and running totals in one transaction), per
 * record, in batches of each size; beside the same rows inserted alone, as the writer did before
 * the totals. Alternated round by round, so that other load on the machine falls on both.
 */
function measureWrites(store: Store, seeded: Seeded): WriteCost[] {
  const insert = store.db.prepare<unknown[]>(
    `INSERT INTO request_log (${LOG_COLUMN_NAMES.join(', ')})
     VALUES (${LOG_COLUMN_NAMES.map(() => '?').join(', ')}) ON CONFLICT (request_id) DO NOTHING`,
  );
  const insertAlone = store.db.transaction((records: readonly RequestRecord[]) => {
    for (const record of records) {
      const columns = recordToColumns(record);
      insert.run(...LOG_COLUMN_NAMES.map((name) => columns[name]));
    }
  });
  const withTotals = (records: readonly RequestRecord[]): void => {
    for (const record of records) store.logWriter.enqueue(record);
    store.logWriter.flush();
  };
  let n = 0;
  const results: WriteCost[] = [];
  for (const batch of [1, 10, 200]) {
    const samples = { totals: [] as number[], alone: [] as number[] };
    for (let round = 0; round < 8; round += 1) {
      for (const [side, write] of [
        ['totals', withTotals],
        ['alone', insertAlone],
      ] as const) {
        const records = Array.from({ length: 600 }, () => seeded.record(seeded.now + (n += 1)));
        const cpu = process.cpuUsage();
        for (let i = 0; i < records.length; i += batch) write(records.slice(i, i + batch));
        const used = process.cpuUsage(cpu);
        samples[side].push((used.user + used.system) / records.length);
      }
    }
    results.push({
      batch,
      cpuUsPerRecord: median(samples.totals),
      insertAloneCpuUsPerRecord: median(samples.alone),
    });
  }
  return results;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' } } });
  const rows = Number(values.rows);
  const temp = makeTempDir('mgw-usage-scale-');
  try {
    // Migration 7 on a log of schema 6, as an update of the app meets it.
    const v6Dir = join(temp.dir, 'v6');
    mkdirSync(v6Dir);
    const v6 = new Database(join(v6Dir, 'gateway.sqlite'));
    v6.pragma('journal_mode = WAL');
    v6.pragma('synchronous = NORMAL');
    runMigrations(v6, MIGRATIONS.slice(0, 6));
    let started = performance.now();
    seedLog(v6, { rows, days: 90, schema: 6 });
    log(
      `seeded ${rows} rows of schema 6 in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    started = performance.now();
    runMigrations(v6);
    const migration7Seconds = (performance.now() - started) / 1000;
    log(`migration 7 took ${migration7Seconds.toFixed(2)} s`);
    v6.close();

    // The Usage page on a current store whose requests went through routes too.
    const dir = join(temp.dir, 'v7');
    const store0 = openStore(dir);
    started = performance.now();
    const seeded = seedLog(store0.db, { rows, days: 90, schema: 7 });
    const seedSeconds = (performance.now() - started) / 1000;
    log(`seeded ${rows} rows (with routes) and their totals in ${seedSeconds.toFixed(1)} s`);
    store0.close();
    // A fresh open, as the app starts: nothing cached yet.
    const store = openStore(dir);
    const count = (table: string): number =>
      store.db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0;
    const hourlyRows = count('usage_hourly');
    const dailyRows = count('usage_daily');
    const load = watchLoad([]);
    const ranges = [30, 90].map((days) => measureRange(store, seeded, days));
    const monthStart = Math.floor((seeded.now - 30 * DAY) / HOUR) * HOUR;
    const heaviest = seeded.tokens[0]?.id ?? '';
    const tokenSpend = time('tokenSpend, a month', () =>
      store.usage.tokenSpend(heaviest, monthStart, monthStart + 30 * DAY),
    );
    const otherLoad = load.stop().otherShare;
    const writes = measureWrites(store, seeded);
    // Last: it deletes two thirds of the log.
    const prune = measurePrune(store);
    log(
      `retention 90 → 30 days: ${prune.deleted} rows in ${prune.batches} batches of ${PRUNE_BATCH_ROWS}, longest ${prune.longestBatchMs.toFixed(1)} ms, median ${prune.medianBatchMs.toFixed(1)} ms, plan ${prune.planMs.toFixed(1)} ms, ${prune.totalSeconds.toFixed(1)} s in all`,
    );
    const databaseMiB =
      ((store.db.pragma('page_count', { simple: true }) as number) *
        (store.db.pragma('page_size', { simple: true }) as number)) /
      2 ** 20;
    store.close();

    const results: UsageScaleResults = {
      date: new Date().toISOString(),
      node: `Node ${process.version}`,
      cpus: cpus()[0]?.model.trim() ?? 'unknown CPU',
      cpuCount: cpus().length,
      kernel: `Linux ${release()}`,
      rows,
      tokens: seeded.tokens.length,
      models: seeded.models,
      routes: seeded.routes,
      hourlyRows,
      dailyRows,
      databaseMiB,
      seedSeconds,
      migration7Seconds,
      ranges,
      tokenSpend,
      writes,
      prune,
      otherLoad,
    };
    for (const range of ranges) {
      for (const t of [...range.queries, range.together]) {
        log(
          `${range.days} days: ${t.name.padEnd(20)} median ${t.medianMs.toFixed(2)} ms, max ${t.maxMs.toFixed(2)} ms, CPU ${t.cpuMedianMs.toFixed(2)} ms, first ${t.firstMs.toFixed(2)} ms`,
        );
      }
      log(
        `${range.days} days: the same totals from the log alone: ${range.logScanMs.toFixed(0)} ms`,
      );
    }
    log(
      `tokenSpend: median ${tokenSpend.medianMs.toFixed(3)} ms, max ${tokenSpend.maxMs.toFixed(3)} ms`,
    );
    for (const w of writes) {
      log(
        `writing, batches of ${w.batch}: ${w.cpuUsPerRecord.toFixed(1)} µs CPU per record (the insert alone ${w.insertAloneCpuUsPerRecord.toFixed(1)} µs)`,
      );
    }
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, 'usage-scale.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(join(RESULTS, 'usage-scale.md'), render(results));
    log('written: bench/results/usage-scale.md');
  } finally {
    temp.remove();
  }
}

const ms = (value: number): string => (value < 1 ? value.toFixed(2) : value.toFixed(1));

function render(r: UsageScaleResults): string {
  const lines = [
    '# Usage at scale',
    '',
    `\`npx node bench/usage-at-scale.ts\` (${r.date.slice(0, 10)}; ${r.node}, ${r.cpuCount} × ${r.cpus}, ${r.kernel}; other processes used ${(r.otherLoad * 100).toFixed(0)} % of the machine meanwhile): ${r.rows.toLocaleString('en')} request-log rows over 90 days from ${r.tokens} tokens, ${r.models} models and ${r.routes} model routes; running totals of ${r.hourlyRows.toLocaleString('en')} rows by hour (\`usage_hourly\`) and ${r.dailyRows.toLocaleString('en')} by day (\`usage_daily\`); database ${r.databaseMiB.toFixed(0)} MiB. Each query run once cold (first), then ${REPEATS} times (median, max). The range is the Usage page's preset: the last N days up to now, so it reads whole UTC days from \`usage_daily\`, the hours of its first and last day from \`usage_hourly\` and its first and last part hour from the log. CPU: this process's user + system time, which other load on the machine inflates much less than the wall time.`,
    '',
    '| range | query | median | max | CPU (median) | first run |',
    '| ----- | ----- | ------ | --- | ------------ | --------- |',
  ];
  for (const range of r.ranges) {
    for (const t of range.queries) {
      lines.push(
        `| ${range.days} days | ${t.name} | ${ms(t.medianMs)} ms | ${ms(t.maxMs)} ms | ${ms(t.cpuMedianMs)} ms | ${ms(t.firstMs)} ms |`,
      );
    }
    const together = range.together;
    const met = together.medianMs <= TARGET_MS ? 'met' : 'NOT met';
    lines.push(
      `| ${range.days} days | **the five together** (target ${TARGET_MS} ms, median: ${met}) | **${ms(together.medianMs)} ms** | **${ms(together.maxMs)} ms** | ${ms(together.cpuMedianMs)} ms | ${ms(together.firstMs)} ms |`,
    );
  }
  const t = r.tokenSpend;
  lines.push(
    `| 30 days | ${t.name} (a budget's spend) | ${t.medianMs.toFixed(3)} ms | ${t.maxMs.toFixed(3)} ms | ${t.cpuMedianMs.toFixed(3)} ms | ${t.firstMs.toFixed(3)} ms |`,
    '',
    `For scale, the totals alone straight from the log (one indexed range scan): ${r.ranges.map((x) => `${x.days} days ${x.logScanMs.toFixed(0)} ms`).join(', ')}.`,
    '',
    `Migration 7 (new columns and tables, and the running totals built from the log) on a ${r.rows.toLocaleString('en')}-row database of schema 6: **${r.migration7Seconds.toFixed(1)} s**, once, when the updated app first opens the store.`,
    '',
    'Writing log records on the full log, CPU time per record (median of 8 rounds of 600 records, alternated): through `RequestLogWriter` (the row, the hourly and daily totals, one transaction per batch), and the same rows inserted alone, as the writer did before the totals:',
    '',
    '| records per batch | writer (row + totals) | insert alone |',
    '| ----------------- | --------------------- | ------------ |',
    ...r.writes.map(
      (w) =>
        `| ${w.batch} | ${w.cpuUsPerRecord.toFixed(1)} µs | ${w.insertAloneCpuUsPerRecord.toFixed(1)} µs |`,
    ),
    '',
    `Lowering retention from 90 to 30 days (then a cap of 1,000,000 rows) on this log, as the app runs it, a batch of at most ${PRUNE_BATCH_ROWS.toLocaleString('en')} rows per turn of the event loop: ${r.prune.deleted.toLocaleString('en')} rows in ${r.prune.batches} batches, **longest batch ${ms(r.prune.longestBatchMs)} ms** (median ${ms(r.prune.medianBatchMs)} ms, target 5 ms: what a request waits behind one; the longest are the batches that also checkpoint the WAL), fixing the run first ${ms(r.prune.planMs)} ms, ${r.prune.totalSeconds.toFixed(1)} s in all with the loop free between batches. Before, one statement deleted them all in 2.3–2.5 s, in which every request waited.`,
    '',
  );
  return `${lines.join('\n')}\n`;
}

await main();
