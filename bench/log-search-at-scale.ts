/**
 * `npx node bench/log-search-at-scale.ts`: the Logs page's search at the size of real use, the
 * 1,000,000-row log of bench/usage-seed.ts (90 days, 6 tokens, 15 models, 3 model routes).
 * Times `logs.search`'s work as the app's store reader does it on its thread (the store's query
 * and the entries the service makes of its rows; the thread hop is not timed) for each filter of the page alone and a few together: the first page (with its
 * total), every call of following the cursors 50 pages down, the page there, and the page that
 * starts 5,000 matches in. Target: each call within 50 ms. Beside them, the same pages as the
 * app read them before (OFFSET and a count of every match, on the schema-7 indexes), migration
 * 8 (the indexes) on the same log, its growth of the file, and what a log record costs to write
 * with the new indexes and without, alternated. Writes bench/results/log-search-scale.md and
 * .json. `--rows N` seeds another size (for a quick try).
 */
import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, release } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { LogCursor, LogFilter, LogSearchResult } from '../shared/contract.ts';
import { toLogEntry } from '../electron/services/log-entry.ts';
import { logFilterSql } from '../electron/store/log-filter.ts';
import { SCAN_WINDOW, SCATTERED_SCAN_WINDOW, TOTAL_CAP } from '../electron/store/log-search.ts';
import { MIGRATIONS, runMigrations } from '../electron/store/migrations.ts';
import { DATABASE_FILE, openStore } from '../electron/store/open-store.ts';
import { RequestLogWriter } from '../electron/store/request-log-writer.ts';
import { makeTempDir } from '../test/doubles/store/temp-dir.ts';
import { watchLoad } from './machine-load.ts';
import { median, percentile } from './stats.ts';
import { seedLog, type Seeded } from './usage-seed.ts';

const RESULTS = resolve(import.meta.dirname, 'results');
const DAY = 86_400_000;
const TARGET_MS = 50;
/** Rows a page asks for: the Logs page's (renderer/src/stores/log-window.ts). */
const PAGE = 500;
/** Each timed page is asked again this many times after a first, cold call. */
const REPEATS = 15;
/** The old pages are slow: fewer repeats. */
const REPEATS_BEFORE = 3;
const WALK_PAGES = 50;
const DEEP_ROWS = 5_000;

const log = (line: string): void => {
  process.stderr.write(`[log-search-scale ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
};

interface Sample {
  wall: number;
  cpu: number;
}

interface Timing {
  /** Calls timed. */
  n: number;
  p50Ms: number;
  maxMs: number;
  cpuP50Ms: number;
  cpuMaxMs: number;
}

interface CaseResult {
  name: string;
  filter: LogFilter;
  /** What the first page said: its rows, its total, how far it searched. */
  firstRows: number;
  total: string;
  first: Timing;
  /** Each call of following the cursors from the first page, up to 50 pages down (if any). */
  walk: Timing | null;
  walkCalls: number;
  walkRows: number;
  /** The page after the walk: the deepest. */
  deep: Timing | null;
  /** The page that starts 5,000 matches in, if there are that many. */
  at5000: Timing | null;
  /** The slowest call of all, against the target. */
  maxMs: number;
  before: { firstMs: number; at5000Ms: number } | null;
}

interface WriteCost {
  batch: number;
  /** CPU time per record through the log writer, schema 8 (these indexes) and 7 (before). */
  afterUs: number;
  beforeUs: number;
}

interface Results {
  date: string;
  node: string;
  cpus: string;
  cpuCount: number;
  kernel: string;
  rows: number;
  seedSeconds: number;
  migrationSeconds: number;
  fileMiBBefore: number;
  fileMiBAfter: number;
  indexMiB: Record<string, number>;
  writes: WriteCost[];
  cases: CaseResult[];
  otherLoad: number;
  scanWindow: number;
  scatteredScanWindow: number;
  totalCap: number;
}

function sample(run: () => unknown): Sample {
  const cpu = process.cpuUsage();
  const start = performance.now();
  run();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

function timing(samples: readonly Sample[]): Timing {
  const walls = samples.map((s) => s.wall);
  const cpu = samples.map((s) => s.cpu);
  return {
    n: samples.length,
    p50Ms: median(walls),
    maxMs: Math.max(...walls),
    cpuP50Ms: median(cpu),
    cpuMaxMs: Math.max(...cpu),
  };
}

const repeated = (run: () => unknown, times = REPEATS): Timing =>
  timing(Array.from({ length: times + 1 }, () => sample(run)));

function cases(now: number): { name: string; filter: LogFilter }[] {
  const week = { from: now - 40 * DAY, to: now - 33 * DAY };
  return [
    { name: 'no filter', filter: {} },
    { name: 'model', filter: { model: 'claude-sonnet-4-5' } },
    { name: 'status ok', filter: { status: 'ok' } },
    { name: 'status error', filter: { status: 'error' } },
    { name: 'status 429', filter: { status: 429 } },
    { name: 'client', filter: { client: 'cursor' } },
    { name: 'model route', filter: { modelRoute: 'coding' } },
    { name: 'fell back', filter: { fellBack: true } },
    { name: 'from/to (7 days)', filter: week },
    { name: 'text, common', filter: { text: 'claude' } },
    { name: 'text, rare (no match)', filter: { text: 'no-such-request' } },
    { name: 'model + status error', filter: { model: 'gpt-5', status: 'error' } },
    { name: 'route + fell back', filter: { modelRoute: 'coding', fellBack: true } },
    { name: 'client + 7 days + text', filter: { client: 'codex', ...week, text: 'gpt-5-mini' } },
  ];
}

/** The Logs page's search as it was: a page at an OFFSET, and a count of every match. */
function searchBefore(db: Database.Database, filter: LogFilter, offset: number): void {
  const { where, params } = logFilterSql(filter);
  db.prepare(
    `SELECT * FROM request_log ${where} ORDER BY started_at DESC, id DESC LIMIT ${PAGE} OFFSET ${offset}`,
  ).all(params);
  db.prepare(`SELECT count(*) FROM request_log ${where}`).get(params);
}

/** `LogService.search` without the hop to the reader's thread, so the query's own time shows. */
interface LogSearch {
  search(filter: LogFilter, limit: number, after?: LogCursor): LogSearchResult;
}

function measureCase(
  logs: LogSearch,
  name: string,
  filter: LogFilter,
  before: CaseResult['before'],
): CaseResult {
  const search = (after?: LogCursor): LogSearchResult => logs.search(filter, PAGE, after);
  let firstPage = search();
  const first = repeated(() => (firstPage = search()));
  const walkSamples: Sample[] = [];
  let after = firstPage.next ?? undefined;
  let rows = firstPage.rows.length;
  let at5000Cursor: LogCursor | undefined;
  for (let page = 0; page < WALK_PAGES && after; page += 1) {
    let result: LogSearchResult | undefined;
    const cursor: LogCursor = after;
    walkSamples.push(sample(() => (result = search(cursor))));
    if (!result) break;
    if (rows < DEEP_ROWS && rows + result.rows.length >= DEEP_ROWS) at5000Cursor = cursor;
    rows += result.rows.length;
    after = result.next ?? undefined;
  }
  // The calls of a walk were each made once, cold; the deepest page again, and the 5,000th.
  const deepCursor = after;
  const deep = deepCursor ? repeated(() => search(deepCursor)) : null;
  const fromCursor = at5000Cursor;
  const at5000 = fromCursor ? repeated(() => search(fromCursor)) : null;
  const walk = walkSamples.length ? timing(walkSamples) : null;
  const total = firstPage.total
    ? `${firstPage.total.count.toLocaleString('en')}${firstPage.total.atLeast ? '+' : ''}`
    : firstPage.searchedTo !== null
      ? 'unknown (window)'
      : 'unknown';
  const result: CaseResult = {
    name,
    filter,
    firstRows: firstPage.rows.length,
    total,
    first,
    walk,
    walkCalls: walkSamples.length,
    walkRows: rows,
    deep,
    at5000,
    maxMs: Math.max(first.maxMs, walk?.maxMs ?? 0, deep?.maxMs ?? 0, at5000?.maxMs ?? 0),
    before,
  };
  log(
    `${name.padEnd(24)} first ${first.p50Ms.toFixed(1)}/${first.maxMs.toFixed(1)} ms, walk ${walk?.p50Ms.toFixed(1) ?? '-'}/${walk?.maxMs.toFixed(1) ?? '-'} ms (${walkSamples.length} calls, ${rows} rows), deep ${deep?.p50Ms.toFixed(1) ?? '-'} ms, 5,000 in ${at5000?.p50Ms.toFixed(1) ?? '-'} ms; total ${total}`,
  );
  return result;
}

/** CPU time per record through the writer, batches of each size, the two stores alternated. */
function measureWrites(
  writers: { after: RequestLogWriter; before: RequestLogWriter },
  seeded: Seeded,
): WriteCost[] {
  let n = 0;
  const results: WriteCost[] = [];
  for (const batch of [1, 10, 200]) {
    const samples = { after: [] as number[], before: [] as number[] };
    for (let round = 0; round < 8; round += 1) {
      for (const side of ['after', 'before'] as const) {
        const writer = writers[side];
        const records = Array.from({ length: 600 }, () => seeded.record(seeded.now + (n += 1)));
        const cpu = process.cpuUsage();
        for (let i = 0; i < records.length; i += batch) {
          for (const record of records.slice(i, i + batch)) writer.enqueue(record);
          writer.flush();
        }
        const used = process.cpuUsage(cpu);
        samples[side].push((used.user + used.system) / records.length);
      }
    }
    results.push({ batch, afterUs: median(samples.after), beforeUs: median(samples.before) });
  }
  return results;
}

const fileMiB = (path: string): number => statSync(path).size / 2 ** 20;

function indexSizes(db: Database.Database): Record<string, number> {
  const rows = db
    .prepare<[], { name: string; bytes: number }>(
      `SELECT name, sum(pgsize) AS bytes FROM dbstat
       WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = 'request_log')
       GROUP BY name ORDER BY bytes DESC`,
    )
    .all();
  return Object.fromEntries(rows.map((r) => [r.name, r.bytes / 2 ** 20]));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' } } });
  const rows = Number(values.rows);
  const temp = makeTempDir('mgw-log-search-scale-');
  try {
    // One log of schema 7, as the app left it before this change; a copy of it is migrated.
    const v7Dir = join(temp.dir, 'v7');
    const v8Dir = join(temp.dir, 'v8');
    mkdirSync(v7Dir);
    mkdirSync(v8Dir);
    const v7Path = join(v7Dir, DATABASE_FILE);
    const v8Path = join(v8Dir, DATABASE_FILE);
    let v7 = new Database(v7Path);
    v7.pragma('journal_mode = WAL');
    v7.pragma('synchronous = NORMAL');
    runMigrations(v7, MIGRATIONS.slice(0, 7));
    let started = performance.now();
    const seeded = seedLog(v7, { rows, days: 90, schema: 7 });
    const seedSeconds = (performance.now() - started) / 1000;
    log(`seeded ${rows} rows of schema 7 in ${seedSeconds.toFixed(1)} s`);
    v7.pragma('wal_checkpoint(TRUNCATE)');
    v7.close();
    copyFileSync(v7Path, v8Path);
    const list = cases(seeded.now);

    // Before: the old queries on the old indexes.
    v7 = new Database(v7Path);
    v7.pragma('journal_mode = WAL');
    const before = new Map<string, CaseResult['before']>();
    for (const { name, filter } of list) {
      const firstMs = repeated(() => searchBefore(v7, filter, 0), REPEATS_BEFORE).p50Ms;
      const at5000Ms = repeated(() => searchBefore(v7, filter, DEEP_ROWS), REPEATS_BEFORE).p50Ms;
      before.set(name, { firstMs, at5000Ms });
      log(
        `before: ${name.padEnd(24)} first ${firstMs.toFixed(0)} ms, offset 5,000 ${at5000Ms.toFixed(0)} ms`,
      );
    }

    // Migration 8 on the copy, as the updated app's first start meets it.
    const fileMiBBefore = fileMiB(v8Path);
    const v8 = new Database(v8Path);
    v8.pragma('journal_mode = WAL');
    v8.pragma('synchronous = NORMAL');
    started = performance.now();
    runMigrations(v8);
    const migrationSeconds = (performance.now() - started) / 1000;
    v8.pragma('wal_checkpoint(TRUNCATE)');
    const fileMiBAfter = fileMiB(v8Path);
    const indexMiB = indexSizes(v8);
    log(
      `migration 8: ${migrationSeconds.toFixed(1)} s; file ${fileMiBBefore.toFixed(0)} → ${fileMiBAfter.toFixed(0)} MiB`,
    );

    // What a log record costs to write with the new indexes and with the old, alternated.
    const writes = measureWrites(
      { after: new RequestLogWriter(v8), before: new RequestLogWriter(v7) },
      seeded,
    );
    for (const w of writes) {
      log(
        `writing, batches of ${w.batch}: ${w.afterUs.toFixed(1)} µs CPU per record (schema 7: ${w.beforeUs.toFixed(1)} µs)`,
      );
    }
    v7.close();
    // The records written for that are newer than the seeded log: gone again before the search.
    v8.prepare('DELETE FROM request_log WHERE started_at >= ?').run(seeded.now);
    v8.pragma('wal_checkpoint(TRUNCATE)');
    v8.close();

    // The search, on a fresh open of the store, as the app starts.
    const store = openStore(v8Dir);
    const logs: LogSearch = {
      search: (filter, limit, after) => {
        const page = store.requestLog.searchLog(filter, { limit, after });
        return { ...page, rows: page.rows.map(toLogEntry) };
      },
    };
    const load = watchLoad([]);
    const results = list.map(({ name, filter }) =>
      measureCase(logs, name, filter, before.get(name) ?? null),
    );
    const otherLoad = load.stop().otherShare;
    store.close();

    const out: Results = {
      date: new Date().toISOString(),
      node: `Node ${process.version}`,
      cpus: cpus()[0]?.model.trim() ?? 'unknown CPU',
      cpuCount: cpus().length,
      kernel: `Linux ${release()}`,
      rows,
      seedSeconds,
      migrationSeconds,
      fileMiBBefore,
      fileMiBAfter,
      indexMiB,
      writes,
      cases: results,
      otherLoad,
      scanWindow: SCAN_WINDOW,
      scatteredScanWindow: SCATTERED_SCAN_WINDOW,
      totalCap: TOTAL_CAP,
    };
    const worst = Math.max(...results.map((r) => r.maxMs));
    const p95 = percentile(
      results.flatMap((r) => [r.first.p50Ms, r.walk?.p50Ms ?? 0, r.deep?.p50Ms ?? 0]),
      95,
    );
    log(`slowest call of all: ${worst.toFixed(1)} ms; p95 of the medians ${p95.toFixed(1)} ms`);
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, 'log-search-scale.json'), `${JSON.stringify(out, null, 2)}\n`);
    writeFileSync(join(RESULTS, 'log-search-scale.md'), render(out));
    log('written: bench/results/log-search-scale.md');
  } finally {
    temp.remove();
  }
}

const ms = (value: number): string => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const pair = (t: Timing | null): string => (t ? `${ms(t.p50Ms)} / ${ms(t.maxMs)}` : '–');
const cpuPair = (t: Timing | null): string => (t ? `${ms(t.cpuP50Ms)} / ${ms(t.cpuMaxMs)}` : '–');

function render(r: Results): string {
  const met = (t: number): string => (t <= TARGET_MS ? 'met' : '**not met**');
  const lines = [
    '# Log search at scale',
    '',
    `\`npx node bench/log-search-at-scale.ts\` (${r.date.slice(0, 10)}; ${r.node}, ${r.cpuCount} × ${r.cpus}, ${r.kernel}; other processes used ${(r.otherLoad * 100).toFixed(0)} % of the machine meanwhile): ${r.rows.toLocaleString('en')} request-log rows over 90 days (bench/usage-seed.ts). Each call is \`logs.search\` as the app answers it (\`LogService.search\`: the store's queries and the entries it returns), ${PAGE} rows a page, newest first. Times in ms as **p50 / max** of wall time; CPU is this process's user + system time, which other load on the machine inflates much less. *first*: the first page (with its total), ${REPEATS + 1} calls; *walk*: each call of following the cursors from there, up to ${WALK_PAGES} pages down, once each; *deep*: the page after those; *5,000 in*: the page that starts at the 5,000th match, ${REPEATS + 1} calls each. Where no index answers the whole filter, a call reads at most ${r.scanWindow.toLocaleString('en')} rows walking the time index (rows in table order) or ${r.scatteredScanWindow.toLocaleString('en')} walking another; it counts at most ${r.totalCap.toLocaleString('en')}. Target: every call within ${TARGET_MS} ms.`,
    '',
    '| filter | first page | walk | deep | 5,000 in | CPU first | CPU walk | slowest call | target | total on the first page | rows found in the walk | before: first page | before: offset 5,000 |',
    '| ------ | ---------- | ---- | ---- | -------- | --------- | -------- | ------------ | ------ | ----------------------- | ---------------------- | ------------------ | -------------------- |',
  ];
  for (const c of r.cases) {
    lines.push(
      `| ${c.name} | ${pair(c.first)} | ${pair(c.walk)} | ${pair(c.deep)} | ${pair(c.at5000)} | ${cpuPair(c.first)} | ${cpuPair(c.walk)} | ${ms(c.maxMs)} | ${met(c.maxMs)} | ${c.total} | ${c.walkRows.toLocaleString('en')} in ${c.walkCalls + 1} calls | ${c.before ? ms(c.before.firstMs) : '–'} | ${c.before ? ms(c.before.at5000Ms) : '–'} |`,
    );
  }
  lines.push(
    '',
    '*before*: the same page as the app read it until now, on the schema-7 indexes: `LIMIT 500 OFFSET n` and a `count(*)` of every match, median of ' +
      `${REPEATS_BEFORE + 1} calls.`,
    '',
    `Migration 8 (three indexes replaced by ones with \`started_at\` after the key, three partial ones added) on this log: **${r.migrationSeconds.toFixed(1)} s**, once, when the updated app first opens the store; the file grew from ${r.fileMiBBefore.toFixed(0)} to ${r.fileMiBAfter.toFixed(0)} MiB. The request log's indexes now:`,
    '',
    '| index | MiB |',
    '| ----- | --- |',
    ...Object.entries(r.indexMiB).map(([name, mib]) => `| ${name} | ${mib.toFixed(1)} |`),
    '',
    'Writing log records on the full log through `RequestLogWriter` (row and running totals, one transaction per batch), CPU time per record, median of 8 rounds of 600 records, the two stores alternated:',
    '',
    '| records per batch | with these indexes (schema 8) | before (schema 7) |',
    '| ----------------- | ----------------------------- | ----------------- |',
    ...r.writes.map(
      (w) => `| ${w.batch} | ${w.afterUs.toFixed(1)} µs | ${w.beforeUs.toFixed(1)} µs |`,
    ),
    '',
  );
  return `${lines.join('\n')}\n`;
}

await main();
