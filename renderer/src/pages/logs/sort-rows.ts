import type { LogEntry } from '../../../../shared/contract.ts';
import { askedAndAnswered } from '../../format/attempts.ts';
import { formatPath } from '../../format/path.ts';
import { DEFAULT_LOG_SORT, type LogSort, type LogSortColumn } from '../../stores/log-sort.ts';

type SortValue = number | string | null;

const SORT_VALUE: Record<LogSortColumn, (e: LogEntry) => SortValue> = {
  time: (e) => e.startedAt,
  client: (e) => e.client,
  path: (e) => formatPath(e),
  model: (e) => (e.model === null && !e.servedModel ? null : askedAndAnswered(e)),
  status: (e) => e.status,
  latency: (e) => e.latencyMs,
  ttfb: (e) => e.ttfbMs,
  tokens: (e) => (e.usage ? e.usage.inputTokens + e.usage.outputTokens : null),
  cost: (e) => e.costUsd,
};

/** A column's first click: numbers biggest first (slowest, costliest), text from A. */
export function firstSortDesc(column: LogSortColumn): boolean {
  return !['client', 'path', 'model'].includes(column);
}

/** The rows in the chosen order; a missing value sorts last either way, ties newest first. */
export function sortLogRows(rows: LogEntry[], sort: LogSort): LogEntry[] {
  if (sort.column === DEFAULT_LOG_SORT.column && sort.desc === DEFAULT_LOG_SORT.desc) return rows;
  const value = SORT_VALUE[sort.column];
  const sign = sort.desc ? -1 : 1;
  const keyed = rows.map((row) => ({ row, key: value(row) }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key !== b.key) return a.key === null ? 1 : -1;
    } else if (a.key !== b.key) {
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : String(a.key).localeCompare(String(b.key));
      if (order !== 0) return sign * order;
    }
    return b.row.startedAt - a.row.startedAt || b.row.id - a.row.id;
  });
  return keyed.map((k) => k.row);
}
