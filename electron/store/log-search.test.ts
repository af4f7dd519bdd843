import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogCursor, LogFilter } from '../../shared/contract.ts';
import type { ModelAttempt, RequestRecord } from '../gateway/server/request-record.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { logFilterSql } from './log-filter.ts';
import { pageSql, SCAN_WINDOW, SCATTERED_SCAN_WINDOW, TOTAL_CAP } from './log-search.ts';
import { planLogSearch } from './log-search-plan.ts';
import type { Store } from './open-store.ts';

const T0 = Date.UTC(2025, 2, 1);
/** More than two windows, so a search no index answers takes several calls. */
const ROWS = 2 * SCAN_WINDOW + 1234;
/** Five requests start in each second: pages end in the middle of a tie. */
const startOf = (i: number): number => T0 + Math.floor(i / 5) * 1000;

const attempt = (model: string, outcome: string): ModelAttempt => ({
  model,
  status: outcome === 'answered' ? 200 : 429,
  outcome,
  message: null,
  latencyMs: 10,
});

/** Request `i` of the log: models, clients, statuses, routes and fallbacks in a fixed mix. */
function record(i: number): RequestRecord {
  const routed = i % 10 === 3;
  return sampleRecord({
    requestId: `req_${i}`,
    startedAt: startOf(i),
    model: routed ? 'coding' : (['gpt-5', 'claude', 'gemini'][i % 3] ?? null),
    client: ['cursor', 'codex', 'aider', 'chat'][i % 4] ?? null,
    modelRoute: routed ? 'coding' : null,
    servedModel: routed ? 'gpt-5' : null,
    modelAttempts: routed
      ? i % 30 === 3
        ? [attempt('o3', 'rate_limited'), attempt('gpt-5', 'answered')]
        : [attempt('gpt-5', 'answered')]
      : [],
    status: i % 17 === 0 ? 429 : i % 23 === 0 ? 500 : 200,
    errorKind: i % 29 === 0 ? 'upstream_disconnected' : i % 23 === 0 ? 'upstream_error' : null,
    // One request in the oldest window says something no other does.
    errorMessage: i === 42 ? 'the needle' : null,
  });
}

/** Every page of a search, following each page's cursor to the end. */
function walk(store: Store, filter: LogFilter, limit: number) {
  const pages = [];
  let after: LogCursor | undefined;
  do {
    const page = store.requestLog.searchLog(filter, { limit, after });
    pages.push(page);
    after = page.next ?? undefined;
  } while (after && pages.length < 10_000);
  return pages;
}

describe('searching the log a page at a time', () => {
  let temp: TempStore;
  /** What a filter means: its WHERE clause on the whole log, newest first. */
  const matching = (filter: LogFilter): number[] => {
    const { where, params } = logFilterSql(filter);
    return temp.store.db
      .prepare<[typeof params], number>(
        `SELECT id FROM request_log ${where} ORDER BY started_at DESC, id DESC`,
      )
      .pluck()
      .all(params);
  };

  beforeAll(() => {
    temp = openTempStore();
    // Written out of order, so row ids do not follow the time they started at.
    const order = Array.from({ length: ROWS }, (_, i) => (i * 7919) % ROWS);
    for (const i of order) temp.store.logWriter.enqueue(record(i));
    temp.store.logWriter.flush();
  });
  afterAll(() => temp.dispose());

  const FILTERS: LogFilter[] = [
    {},
    { model: 'gpt-5' },
    { status: 'ok' },
    { status: 'error' },
    { status: 429 },
    { status: 200, client: 'cursor' },
    { client: 'codex' },
    { modelRoute: 'coding' },
    { fellBack: true },
    { modelRoute: 'coding', fellBack: true },
    { from: startOf(3000), to: startOf(9000) },
    { text: 'needle' },
    { text: 'REQ_1' },
    { model: 'gpt-5', status: 'error' },
    { client: 'aider', text: 'req_2', from: startOf(1000) },
    { model: 'nobody' },
  ];

  it.each(FILTERS)('returns every match of %j once, newest first', (filter) => {
    const expected = matching(filter);
    const pages = walk(temp.store, filter, 500);
    expect(pages.flatMap((page) => page.rows.map((row) => row.id))).toEqual(expected);
    for (const page of pages) expect(page.rows.length).toBeLessThanOrEqual(500);
    expect(pages.at(-1)?.next).toBeNull();
    const total = pages[0]?.total;
    if (total)
      expect(total).toEqual(
        expected.length > TOTAL_CAP
          ? { count: TOTAL_CAP, atLeast: true }
          : { count: expected.length, atLeast: false },
      );
    for (const page of pages.slice(1)) expect(page.total).toBeNull();
  });

  it('splits requests that started in the same millisecond between pages by their id', () => {
    const pages = walk(temp.store, { client: 'codex' }, 3);
    const ids = pages.flatMap((page) => page.rows.map((row) => row.id));
    expect(ids).toEqual(matching({ client: 'codex' }));
    expect(new Set(ids).size).toBe(ids.length);
    const cutInTies = pages.filter(
      (page, i) => page.rows.at(-1)?.startedAt === pages[i + 1]?.rows[0]?.startedAt,
    );
    expect(cutInTies.length).toBeGreaterThan(100);
  });

  it('reads at most a window of rows a call where no index answers the filter', () => {
    const pages = walk(temp.store, { text: 'needle' }, 500);
    // The needle is among the oldest rows: each call before it looked at one window, no more.
    expect(pages).toHaveLength(Math.ceil(ROWS / SCAN_WINDOW));
    expect(pages.flatMap((page) => page.rows.map((row) => row.requestId))).toEqual(['req_42']);
    const newestFirst = matching({});
    pages.slice(0, -1).forEach((page, i) => {
      const edge = newestFirst[(i + 1) * SCAN_WINDOW - 1];
      const edgeRow = temp.store.db
        .prepare<[number], { started_at: number }>(
          'SELECT started_at FROM request_log WHERE id = ?',
        )
        .get(edge ?? 0);
      expect(page.searchedTo).toBe(edgeRow?.started_at);
      expect(page.next).toEqual({ startedAt: edgeRow?.started_at, id: edge });
    });
    expect(pages[0]?.total).toBeNull();
    expect(pages.at(-1)?.searchedTo).toBeNull();
    // Walking another index, whose rows lie all over the table, a call reads fewer.
    const models = matching({ model: 'gemini' }).length;
    expect(walk(temp.store, { model: 'gemini', text: 'needle' }, 500)).toHaveLength(
      Math.ceil(models / SCATTERED_SCAN_WINDOW),
    );
  });

  it('goes on right after the last row however many requests were written on top', () => {
    const expected = matching({ model: 'claude' });
    const first = temp.store.requestLog.searchLog({ model: 'claude' }, { limit: 50 });
    for (let i = 0; i < 100; i += 1)
      temp.store.logWriter.enqueue(
        sampleRecord({ requestId: `req_new_${i}`, startedAt: startOf(ROWS + 10), model: 'claude' }),
      );
    temp.store.logWriter.flush();
    const second = temp.store.requestLog.searchLog(
      { model: 'claude' },
      { limit: 50, after: first.next ?? undefined },
    );
    expect(second.rows.map((row) => row.id)).toEqual(expected.slice(50, 100));
    temp.store.db.prepare("DELETE FROM request_log WHERE request_id LIKE 'req_new_%'").run();
  });

  it('walks an index in the page order, without sorting, for each filter', () => {
    for (const filter of FILTERS) {
      const plan = planLogSearch(filter);
      for (const options of [
        { after: false, edge: false },
        { after: true, edge: plan.residual.length > 0 },
      ]) {
        const steps = temp.store.db
          .prepare<Record<string, unknown>, { detail: string }>(
            `EXPLAIN QUERY PLAN ${pageSql(plan, options)}`,
          )
          .all({ ...plan.params, afterAt: 0, afterId: 0, edgeAt: 0, edgeId: 0, limit: 1 })
          .map((step) => step.detail);
        // One step, no "USE TEMP B-TREE FOR ORDER BY".
        expect(steps).toEqual([
          expect.stringMatching(
            new RegExp(`^(SCAN|SEARCH) request_log USING INDEX ${plan.index}\\b`),
          ),
        ]);
      }
    }
  });
});

describe('counting the matches', () => {
  let temp: TempStore;
  beforeAll(() => {
    temp = openTempStore();
    // Past the cap, written by SQL: quicker than through the writer.
    temp.store.db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < @rows - 1)
         INSERT INTO request_log (request_id, started_at, client, method, path, route, model,
           stream, status, latency_ms, attempts, cancelled, rules, usage_estimated)
         SELECT 'req_' || i, @t0 + i, CASE WHEN i % 1000 = 0 THEN 'rare' ELSE 'busy' END, 'POST',
           '/v1/chat/completions', 'passthrough', 'gpt-5', 1, 200, 10, 1, 0, '[]', 0
         FROM n`,
      )
      .run({ rows: TOTAL_CAP + 500, t0: T0 });
  });
  afterAll(() => temp.dispose());

  it('stops counting at the cap, and says there are more', () => {
    const page = temp.store.requestLog.searchLog({}, { limit: 10 });
    expect(page.total).toEqual({ count: TOTAL_CAP, atLeast: true });
    expect(temp.store.requestLog.searchLog({ client: 'busy' }, { limit: 10 }).total).toEqual({
      count: TOTAL_CAP,
      atLeast: true,
    });
  });

  it('counts exactly below it', () => {
    expect(temp.store.requestLog.searchLog({ client: 'rare' }, { limit: 10 }).total).toEqual({
      count: Math.ceil((TOTAL_CAP + 500) / 1000),
      atLeast: false,
    });
  });

  it('does not count what it could only count by reading more than a window of rows', () => {
    expect(temp.store.requestLog.searchLog({ text: 'req_1' }, { limit: 10 }).total).toBeNull();
    expect(temp.store.requestLog.searchLog({ status: 'ok' }, { limit: 10 }).total).toBeNull();
  });
});
