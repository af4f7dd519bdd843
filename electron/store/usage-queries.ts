import type Database from 'better-sqlite3';
import { ERROR_CONDITION, logFilterSql, type LogFilter } from './log-filter.ts';
import { StatementCache } from './statement-cache.ts';

// The shapes are the renderer contract's, so the UI gets exactly what the store answers.
export type {
  UsageRange as TimeRange,
  UsageTotals,
  UsagePoint,
  UsageGroup,
  UsageBucket as SeriesBucket,
  UsageDimension,
} from '../../shared/contract.ts';
import type {
  UsageBucket as SeriesBucket,
  UsageDimension,
  UsageGroup,
  UsagePoint,
  UsageRange as TimeRange,
  UsageTotals,
} from '../../shared/contract.ts';

const BUCKET_MS: Record<SeriesBucket, number> = { hour: 3_600_000, day: 86_400_000 };

/** Shown for requests that had no model or no token (refused before authentication). */
const NO_KEY = '(none)';

// Inlined rather than bound: every key is a fixed expression, and a bound number would reach
// SQLite as a REAL and turn the integer bucket division into a fractional one.
const GROUP_KEY: Record<UsageDimension, string> = {
  model: `coalesce(model, '${NO_KEY}')`,
  token: `coalesce(client, '${NO_KEY}')`,
  route: `coalesce(client_format, '-') || '→' || coalesce(upstream_format, '-') || ' (' || route || ')'`,
  day: `strftime('%Y-%m-%d', started_at / 1000, 'unixepoch')`,
};

const SUMS = `
  count(*) AS requests,
  coalesce(sum(input_tokens), 0) AS inputTokens,
  coalesce(sum(output_tokens), 0) AS outputTokens,
  total(cost_usd) AS costUsd`;

const FULL_SUMS = `${SUMS},
  coalesce(sum(CASE WHEN ${ERROR_CONDITION} THEN 1 ELSE 0 END), 0) AS errors,
  coalesce(sum(cached_tokens), 0) AS cachedTokens,
  coalesce(sum(reasoning_tokens), 0) AS reasoningTokens`;

/** The range wins over the filter's own `from`/`to`. */
const withRange = (range: TimeRange, filter: LogFilter = {}): LogFilter => ({
  ...filter,
  from: range.from ?? filter.from,
  to: range.to ?? filter.to,
});

/** The Usage page: aggregates over the request log, by SQL, never by loading rows. */
export class UsageQueries {
  private readonly statements: StatementCache;

  constructor(db: Database.Database) {
    this.statements = new StatementCache(db);
  }

  usageTotals(range: TimeRange, filter?: LogFilter): UsageTotals {
    const { where, params } = logFilterSql(withRange(range, filter));
    const totals = this.statements
      .get<UsageTotals>(
        `SELECT ${FULL_SUMS}, coalesce(sum(usage_estimated), 0) AS estimatedRequests
         FROM request_log ${where}`,
      )
      .get(params);
    // An aggregate without GROUP BY always yields one row.
    if (!totals) throw new Error('usage totals query returned no row');
    return totals;
  }

  /** Only buckets with requests appear; oldest first. */
  usageSeries(query: TimeRange & { bucket: SeriesBucket }, filter?: LogFilter): UsagePoint[] {
    const size = BUCKET_MS[query.bucket];
    const { where, params } = logFilterSql(withRange(query, filter));
    return this.statements
      .get<UsagePoint>(
        `SELECT (started_at / ${size}) * ${size} AS bucketStart, ${SUMS}
         FROM request_log ${where}
         GROUP BY bucketStart ORDER BY bucketStart`,
      )
      .all(params);
  }

  /** Days in calendar order; other groups by estimated cost, then by requests, largest first. */
  usageBy(query: TimeRange & { by: UsageDimension }, filter?: LogFilter): UsageGroup[] {
    const { where, params } = logFilterSql(withRange(query, filter));
    const order = query.by === 'day' ? 'key ASC' : 'costUsd DESC, requests DESC, key ASC';
    return this.statements
      .get<UsageGroup>(
        `SELECT ${GROUP_KEY[query.by]} AS key, ${FULL_SUMS}
         FROM request_log ${where}
         GROUP BY key ORDER BY ${order}`,
      )
      .all(params);
  }
}
