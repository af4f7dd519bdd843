import { ERROR_CONDITION } from './log-filter.ts';
import type { SqlParams } from './statement-cache.ts';
import { DAY_MS, HOUR_MS } from './usage-totals.ts';

/**
 * How a usage query reads a range: usage_daily for the whole UTC days inside it, usage_hourly
 * for the whole hours left at either end, and the log's own rows (through its started_at index,
 * never a scan) for the part hours at the very edges. Exact for any range, and a 90-day range
 * reads a few thousand rows of totals instead of a million of log.
 */

/** Far outside any timestamp: the bounds of an open range. */
const EARLIEST = Number.MIN_SAFE_INTEGER;
const LATEST = Number.MAX_SAFE_INTEGER;

/**
 * A grouping: the columns it groups each source by (k0, k1, …; the totals hold '' where the
 * log holds NULL), and the key it shows, made from them once the sources are summed. Inlined,
 * not bound: each is a fixed expression, and a bound number would reach SQLite as a REAL and
 * turn an integer bucket division into a fractional one.
 */
export interface Grouping {
  /** Over a totals table whose period start is the column `period` (`hour`, `day`). */
  totals(period: string): readonly string[];
  log: readonly string[];
  key: string;
}

/** A figure: its sum over rows of totals, and over rows of the log. */
export interface Figure {
  name: string;
  totals: string;
  log: string;
}

const figure = (name: string, totals: string, log: string): Figure => ({ name, totals, log });
export const REQUESTS = figure('requests', 'sum(requests)', 'count(*)');
export const ERRORS = figure(
  'errors',
  'sum(errors)',
  `sum(CASE WHEN ${ERROR_CONDITION} THEN 1 ELSE 0 END)`,
);
export const INPUT = figure('inputTokens', 'sum(input_tokens)', 'sum(input_tokens)');
export const OUTPUT = figure('outputTokens', 'sum(output_tokens)', 'sum(output_tokens)');
export const CACHED = figure('cachedTokens', 'sum(cached_tokens)', 'sum(cached_tokens)');
export const REASONING = figure(
  'reasoningTokens',
  'sum(reasoning_tokens)',
  'sum(reasoning_tokens)',
);
export const COST = figure('costUsd', 'total(cost_usd)', 'total(cost_usd)');
export const ESTIMATED = figure(
  'estimatedRequests',
  'sum(estimated_requests)',
  'sum(usage_estimated)',
);

// Integer sums are null over no rows; total() is 0.0 over none, as a cost should read.
const outerSum = ({ name }: Figure): string =>
  name === COST.name ? `total(${name}) AS ${name}` : `coalesce(sum(${name}), 0) AS ${name}`;

/** The five parts of a range, each a [from, to) of its source; [0, 0) when a part is empty. */
type Part = 'days' | 'hoursHead' | 'hoursTail' | 'logHead' | 'logTail';

/**
 * SQL summing `figures` over a range (bound as `rangeParams` gives), grouped when a grouping is
 * given. Each part is summed (and grouped) first, so the outer query adds a few rows per group.
 */
export function rangeSql(
  figures: readonly Figure[],
  grouping?: { by: Grouping; as: string; order: string },
): string {
  const keyed = (columns: readonly string[]): string[] =>
    columns.map((column, i) => `${column} AS k${i}`);
  const ks = grouping ? grouping.by.log.map((_, i) => `k${i}`) : [];
  const groupBy = ks.length > 0 ? `GROUP BY ${ks.join(', ')}` : '';
  const totals = (table: string, period: string, part: Part): string => {
    const select = [
      ...keyed(grouping?.by.totals(period) ?? []),
      ...figures.map((x) => `${x.totals} AS ${x.name}`),
    ];
    return `SELECT ${select.join(', ')} FROM ${table}
      WHERE ${period} >= @${part}From AND ${period} < @${part}To ${groupBy}`;
  };
  const log = (part: Part): string => {
    const select = [
      ...keyed(grouping?.by.log ?? []),
      ...figures.map((x) => `${x.log} AS ${x.name}`),
    ];
    return `SELECT ${select.join(', ')} FROM request_log INDEXED BY request_log_started_at
      WHERE started_at >= @${part}From AND started_at < @${part}To ${groupBy}`;
  };
  const outer = [
    ...(grouping ? [`${grouping.by.key} AS ${grouping.as}`] : []),
    ...figures.map(outerSum),
  ];
  return `SELECT ${outer.join(', ')} FROM (
      ${totals('usage_daily', 'day', 'days')}
      UNION ALL ${totals('usage_hourly', 'hour', 'hoursHead')}
      UNION ALL ${totals('usage_hourly', 'hour', 'hoursTail')}
      UNION ALL ${log('logHead')}
      UNION ALL ${log('logTail')}
    ) ${groupBy} ${grouping?.order ?? ''}`;
}

const floorTo = (ms: number, unit: number): number => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number): number => Math.ceil(ms / unit) * unit;

/**
 * The range cut into its parts. `days: false` reads no daily totals (a series by hour needs
 * each hour apart).
 */
export function rangeParams(range: { from?: number; to?: number }, days: boolean): SqlParams {
  const from = range.from ?? EARLIEST;
  const to = range.to ?? LATEST;
  const hourFrom = range.from === undefined ? EARLIEST : ceilTo(from, HOUR_MS);
  const hourTo = range.to === undefined ? LATEST : floorTo(to, HOUR_MS);
  if (hourFrom >= hourTo) return params({ logHead: [from, to] });
  const log = { logHead: [from, hourFrom], logTail: [hourTo, to] } as const;
  const dayFrom = range.from === undefined ? EARLIEST : ceilTo(hourFrom, DAY_MS);
  const dayTo = range.to === undefined ? LATEST : floorTo(hourTo, DAY_MS);
  if (!days || dayFrom >= dayTo) return params({ ...log, hoursHead: [hourFrom, hourTo] });
  return params({
    ...log,
    days: [dayFrom, dayTo],
    hoursHead: [hourFrom, dayFrom],
    hoursTail: [dayTo, hourTo],
  });
}

function params(parts: Partial<Record<Part, readonly [number, number]>>): SqlParams {
  const result: SqlParams = {};
  for (const part of ['days', 'hoursHead', 'hoursTail', 'logHead', 'logTail'] as const) {
    const [from, to] = parts[part] ?? [0, 0];
    result[`${part}From`] = from;
    result[`${part}To`] = to;
  }
  return result;
}
