import type { LogFilter } from '../../shared/contract.ts';
import { logConditions, type LogConditionField } from './log-filter.ts';
import type { SqlParams } from './statement-cache.ts';

/**
 * How a search reads the log: the index it walks, newest first, and what that index cannot
 * answer. Every index it may name holds `started_at` after its key (and the row id after that,
 * as every SQLite index does), so walking one in reverse is the page's order, `started_at DESC,
 * id DESC`, with no sort, and the time range and the cursor bound the walk.
 */
export interface LogSearchPlan {
  index: string;
  /** Answered by the index: its key and the time range. */
  indexed: string[];
  /** Checked on each row the walk reaches: what makes a call's cost depend on the data. */
  residual: string[];
  params: SqlParams;
}

interface Driver {
  index: string;
  /** The conditions the index answers: an equality on its key, or its partial WHERE. */
  fields: readonly LogConditionField[];
  /** Whether it answers the filter's value too (the status index: `error` is another one). */
  applies?(filter: LogFilter): boolean;
}

const numericStatus = (filter: LogFilter): boolean => typeof filter.status === 'number';

/**
 * The indexes a filter may walk, the likely fewest rows first: a fallback or a failure is a few
 * percent of requests, one model route or status of 400 or more fewer than one model, and a
 * model fewer than one client. A status below 400 (200, mostly) comes last. When a filter sets
 * several, the others are checked on the rows of the first; a worse guess costs more calls to
 * fill a page, never a slower call (see log-search.ts).
 */
const DRIVERS: readonly Driver[] = [
  // A route's card on the Routes page asks for its fallbacks.
  { index: 'request_log_route_fell_back', fields: ['modelRoute', 'fellBack'] },
  { index: 'request_log_fell_back', fields: ['fellBack'] },
  { index: 'request_log_errors', fields: ['status'], applies: (f) => f.status === 'error' },
  {
    index: 'request_log_status_time',
    fields: ['status'],
    applies: (f) => numericStatus(f) && Number(f.status) >= 400,
  },
  { index: 'request_log_model_route', fields: ['modelRoute'] },
  { index: 'request_log_model_time', fields: ['model'] },
  { index: 'request_log_client_time', fields: ['client'] },
  { index: 'request_log_status_time', fields: ['status'], applies: numericStatus },
];

/** The index of a search that no other answers: the time index, rows in table order. */
export const BY_TIME = 'request_log_started_at';

export function planLogSearch(filter: LogFilter): LogSearchPlan {
  const { conditions, params } = logConditions(filter);
  const set = new Set(conditions.map((c) => c.field));
  const driver = DRIVERS.find(
    (d) => d.fields.every((field) => set.has(field)) && (d.applies?.(filter) ?? true),
  );
  const indexed: string[] = [];
  const residual: string[] = [];
  for (const condition of conditions) {
    if (condition.field === 'range' || driver?.fields.includes(condition.field))
      indexed.push(condition.sql);
    else residual.push(condition.sql);
  }
  return { index: driver?.index ?? BY_TIME, indexed, residual, params };
}
