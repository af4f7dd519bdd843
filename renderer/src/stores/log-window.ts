import type { LogEntry, LogFilter } from '../../../shared/contract.ts';
import { matchesLogFilter } from './log-filter.ts';

/** Rows per request: more scroll in as the end of the table comes into view. */
export const LOG_PAGE_SIZE = 500;

/**
 * The most rows live updates keep: three pages, newest first. Live rows only go on top while the
 * table is scrolled to its top (scrolled away, they wait behind a "N new requests" button), so
 * what a person reads there is the first screen or two; three pages leave a long scroll down
 * before the next page is fetched, and the window costs a copy of 1,500 references each time live
 * rows are drawn and about a megabyte, however long the app stays open. Older rows come back by
 * paging.
 */
export const LIVE_WINDOW = 3 * LOG_PAGE_SIZE;

/** The rows a view holds, newest first, and the highest row id among all it was given. */
export interface LogWindow {
  rows: LogEntry[];
  /** No row with a higher id was ever held: a live row above it is new without looking. */
  newestId: number;
}

const highestId = (rows: readonly LogEntry[], from = 0): number =>
  rows.reduce((max, row) => (row.id > max ? row.id : max), from);

/** The window of a freshly loaded page. */
export const windowOf = (rows: LogEntry[]): LogWindow => ({ rows, newestId: highestId(rows) });

/**
 * The live rows that belong in the view and are not in it yet. The log's ids only grow, so a row
 * above the window's newest id is new; only one at or below it (a row that came both with a page
 * and as an event) is looked up, in a set of the window made once for the batch. O(batch), or
 * O(batch + window) when such a row comes.
 */
export function freshRows(view: LogWindow, incoming: readonly LogEntry[], filter: LogFilter) {
  let held: Set<number> | undefined;
  return incoming.filter((entry) => {
    if (!matchesLogFilter(entry, filter)) return false;
    if (entry.id > view.newestId) return true;
    held ??= new Set(view.rows.map((row) => row.id));
    return !held.has(entry.id);
  });
}

/**
 * New rows on top, newest first, the view cut to `limit` rows: the oldest go (paging brings them
 * back). O(batch log batch + limit).
 */
export function prependLive(view: LogWindow, fresh: readonly LogEntry[], limit = LIVE_WINDOW) {
  if (fresh.length === 0) return view;
  const top = [...fresh].sort((a, b) => b.startedAt - a.startedAt || b.id - a.id);
  const rows =
    top.length >= limit
      ? top.slice(0, limit)
      : top.concat(
          view.rows.length + top.length > limit
            ? view.rows.slice(0, limit - top.length)
            : view.rows,
        );
  return { rows, newestId: highestId(fresh, view.newestId) };
}

/**
 * A page of older rows after the view's. Rows the view holds already are skipped: a page asked
 * for while live rows arrived may overlap it. Once per page, not per live batch.
 */
export function appendPage(view: LogWindow, page: readonly LogEntry[]): LogWindow {
  const held = new Set(view.rows.map((row) => row.id));
  const older = page.filter((row) => !held.has(row.id));
  if (older.length === 0) return view;
  return { rows: view.rows.concat(older), newestId: highestId(older, view.newestId) };
}

/**
 * Live rows not shown yet (newest last): they are put on the table a few times a second rather
 * than at every event, and merged with a page that was loading when they came. Past two windows
 * the oldest are only counted (`dropped`): the newest window of them is all the table would keep.
 */
export interface LiveQueue {
  rows: LogEntry[];
  dropped: number;
}

export const emptyQueue = (): LiveQueue => ({ rows: [], dropped: 0 });

/** Adds a batch to the queue (in place). Amortised O(batch). */
export function enqueueLive(queue: LiveQueue, batch: readonly LogEntry[], limit = LIVE_WINDOW) {
  for (const entry of batch) queue.rows.push(entry);
  // Cut now and then rather than at every batch: each cut copies up to `limit` rows.
  if (queue.rows.length > 2 * limit) {
    const cut = queue.rows.length - limit;
    queue.rows.splice(0, cut);
    queue.dropped += cut;
  }
  return queue;
}

/**
 * The queued rows on top of the view. `added`: how many new matching rows came (the dropped
 * ones too); `cut`: rows the view held were pushed out. O(queue + window).
 */
export function applyQueue(
  view: LogWindow,
  queue: LiveQueue,
  filter: LogFilter,
  limit = LIVE_WINDOW,
) {
  const fresh = freshRows(view, queue.rows, filter);
  const next = prependLive(view, fresh, limit);
  return {
    view: next,
    added: fresh.length + queue.dropped,
    cut: queue.dropped > 0 || next.rows.length < view.rows.length + fresh.length,
  };
}
