/**
 * The Logs page's sort, as the logs store keeps it (the sorting itself is in
 * pages/logs/sort-rows.ts, which only that page loads).
 */
export const LOG_SORT_COLUMNS = [
  'time',
  'client',
  'path',
  'model',
  'status',
  'latency',
  'ttfb',
  'tokens',
  'cost',
] as const;

export type LogSortColumn = (typeof LOG_SORT_COLUMNS)[number];

export interface LogSort {
  column: LogSortColumn;
  desc: boolean;
}

/** Newest first: the order the app returns pages in. */
export const DEFAULT_LOG_SORT: LogSort = { column: 'time', desc: true };
