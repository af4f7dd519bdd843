import type { LogCursor, LogFilter, LogTotal } from '../../shared/contract.ts';
import { whereOf } from './log-filter.ts';
import { BY_TIME, planLogSearch, type LogSearchPlan } from './log-search-plan.ts';
import type { StoredLogColumns } from './log-row.ts';
import type { SqlParams, StatementCache } from './statement-cache.ts';

/**
 * The most index entries one call walks when some condition has to be checked on each row (a
 * text search, `status: ok`, a second filter beside the one the index answers), so that such a
 * call takes a few milliseconds at any log size; a rare word is found by more calls, the
 * gateway's event loop free in between. Walking the time index, the rows lie in the table in
 * that order (they are written as requests come), about a microsecond each to read and check;
 * walking another index, each row sits on a page of its own, three to five times that.
 */
export const SCAN_WINDOW = 8_000;
/** The same bound walking any index but the time index. */
export const SCATTERED_SCAN_WINDOW = 3_000;

/**
 * Counting stops here (shown as "10,000+"). Counting index entries costs 30 to 70 ns each: a
 * count of a million-row log took 11 ms, of 100,000 matches 3 to 8 ms of the first page's time
 * on a busy machine; past ten thousand the exact number says nothing a page of rows needs (the
 * Usage page counts requests exactly, from its running totals).
 */
export const TOTAL_CAP = 10_000;

export interface LogSearchPage<Row> {
  rows: Row[];
  next: LogCursor | null;
  total: LogTotal | null;
  searchedTo: number | null;
}

const ORDER = 'ORDER BY started_at DESC, id DESC';
/** Rows older than the cursor: the range on started_at bounds the walk, the id splits a tie. */
const AFTER = 'started_at <= @afterAt AND (started_at < @afterAt OR id < @afterId)';
/** Rows no older than the window's last entry, which is included. */
const NOT_BEFORE = 'started_at >= @edgeAt AND (started_at > @edgeAt OR id >= @edgeId)';

/**
 * A page's query: the index walked from the cursor (if any) down to the window's edge (if
 * any), each row checked for what the index does not answer.
 */
export function pageSql(plan: LogSearchPlan, options: { after: boolean; edge: boolean }): string {
  const conditions = [
    ...plan.indexed,
    ...(options.after ? [AFTER] : []),
    ...plan.residual,
    ...(options.edge ? [NOT_BEFORE] : []),
  ];
  return `SELECT * FROM request_log INDEXED BY ${plan.index} ${whereOf(conditions)} ${ORDER}
    LIMIT @limit`;
}

const cursorOf = (row: { started_at: number; id: number }): LogCursor => ({
  startedAt: row.started_at,
  id: row.id,
});

/**
 * One page of the log, newest first, after `after` (or from the newest). Each call reads a
 * bounded number of rows whatever the filter and the log's size:
 *
 * - a filter an index answers whole walks that index from the cursor and stops after the page;
 * - otherwise the call first finds the `SCAN_WINDOW`th entry of the index from the cursor (a
 *   walk of the index alone), then checks the rows up to it, and returns the matches among
 *   them. Fewer than a page found, the next call starts below the window (`searchedTo`).
 *
 * The total is counted on the first page only, capped, and only where it is cheap: from the
 * index alone, or among at most a window of rows. The cursor is a row's (started_at, id), so a
 * page follows the last one exactly however many rows were written on top meanwhile.
 */
export function searchLogPage(
  statements: StatementCache,
  filter: LogFilter,
  limit: number,
  after: LogCursor | undefined,
): LogSearchPage<StoredLogColumns> {
  const plan = planLogSearch(filter);
  const from = `FROM request_log INDEXED BY ${plan.index}`;
  const base = after ? [...plan.indexed, AFTER] : plan.indexed;
  const params: SqlParams = after
    ? { ...plan.params, afterAt: after.startedAt, afterId: after.id }
    : { ...plan.params };

  const window = plan.index === BY_TIME ? SCAN_WINDOW : SCATTERED_SCAN_WINDOW;
  const edge =
    plan.residual.length > 0
      ? statements
          .get<LogCursor>(
            `SELECT started_at AS startedAt, id ${from} ${whereOf(base)} ${ORDER}
             LIMIT 1 OFFSET ${window - 1}`,
          )
          .get(params)
      : undefined;
  const pageParams = edge ? { ...params, edgeAt: edge.startedAt, edgeId: edge.id } : params;
  // One row more than the page says whether another follows without a call that finds none.
  const found = statements
    .get<StoredLogColumns>(pageSql(plan, { after: after !== undefined, edge: edge !== undefined }))
    .all({ ...pageParams, limit: limit + 1 });
  const full = found.length > limit;
  const rows = full ? found.slice(0, limit) : found;
  const last = rows.at(-1);
  let next: LogCursor | null = null;
  if (full && last) next = cursorOf(last);
  else if (edge) next = edge;

  let total: LogTotal | null = null;
  if (!after) {
    if (plan.residual.length === 0) {
      const counted = statements
        .get<{ n: number }>(
          `SELECT count(*) AS n FROM (SELECT 1 ${from} ${whereOf(base)} LIMIT ${TOTAL_CAP + 1})`,
        )
        .get(params)?.n;
      total = { count: Math.min(counted ?? 0, TOTAL_CAP), atLeast: (counted ?? 0) > TOTAL_CAP };
    } else if (!edge) {
      // Every candidate fits in one window: the page has them all, or the rest are counted
      // after its last row, so the call reads each candidate once.
      const rest =
        full && last
          ? (statements
              .get<{ n: number }>(
                `SELECT count(*) AS n ${from} ${whereOf([...base, AFTER, ...plan.residual])}`,
              )
              .get({ ...params, afterAt: last.started_at, afterId: last.id })?.n ?? 0)
          : 0;
      total = { count: rows.length + rest, atLeast: false };
    }
  }
  return {
    rows,
    next,
    total,
    searchedTo: !full && edge ? edge.startedAt : null,
  };
}
