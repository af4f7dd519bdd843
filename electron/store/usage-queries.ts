import type Database from 'better-sqlite3';
import {
  CACHED,
  COST,
  ERRORS,
  ESTIMATED,
  INPUT,
  OUTPUT,
  REASONING,
  REQUESTS,
  rangeParams,
  rangeSql,
  type Grouping,
} from './usage-range-sql.ts';
import { StatementCache } from './statement-cache.ts';
import { DAY_MS, HOUR_MS } from './usage-totals.ts';

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

const BUCKET_MS: Record<SeriesBucket, number> = { hour: HOUR_MS, day: DAY_MS };

/** Shown for requests that had no model, token or model route (refused before authentication). */
const NO_KEY = '(none)';
const orNone = (column: string): string => `coalesce(nullif(${column}, ''), '${NO_KEY}')`;

const GROUPINGS: Record<UsageDimension, Grouping> = {
  // The model that answered, else the one asked for (a route's name when no model answered).
  model: {
    totals: () => ['model'],
    log: ["coalesce(served_model, model, '')"],
    key: orNone('k0'),
  },
  token: { totals: () => ['client'], log: ["coalesce(client, '')"], key: orNone('k0') },
  route: {
    totals: () => ['client_format', 'upstream_format', 'route'],
    log: ["coalesce(client_format, '')", "coalesce(upstream_format, '')", 'route'],
    key: `coalesce(nullif(k0, ''), '-') || '→' || coalesce(nullif(k1, ''), '-') || ' (' || k2 || ')'`,
  },
  modelRoute: {
    totals: () => ['model_route'],
    log: ["coalesce(model_route, '')"],
    key: orNone('k0'),
  },
  day: {
    totals: (period) => [`${period} / ${DAY_MS}`],
    log: [`started_at / ${DAY_MS}`],
    key: `strftime('%Y-%m-%d', k0 * 86400, 'unixepoch')`,
  },
};

const bucketGrouping = (size: number): Grouping => ({
  totals: (period) => [`${period} / ${size}`],
  log: [`started_at / ${size}`],
  key: `k0 * ${size}`,
});

const POINT_FIGURES = [REQUESTS, INPUT, OUTPUT, COST];
const GROUP_FIGURES = [REQUESTS, ERRORS, INPUT, OUTPUT, CACHED, REASONING, COST];
const TOTAL_FIGURES = [...GROUP_FIGURES, ESTIMATED];

/**
 * The Usage page and the budgets: sums of the running totals (usage_daily, usage_hourly), by
 * SQL, never by loading rows or scanning the log; exact for any range (see usage-range-sql.ts).
 */
export class UsageQueries {
  private readonly statements: StatementCache;
  private readonly spend: Database.Statement<[string, number, number], number>;

  constructor(db: Database.Database) {
    this.statements = new StatementCache(db);
    this.spend = db
      .prepare<[string, number, number], number>(
        `SELECT total(cost_usd) FROM usage_hourly
         WHERE client_token_id = ? AND hour >= ? AND hour < ?`,
      )
      .pluck();
  }

  usageTotals(range: TimeRange): UsageTotals {
    const totals = this.statements
      .get<UsageTotals>(rangeSql(TOTAL_FIGURES))
      .get(rangeParams(range, true));
    // An aggregate without GROUP BY always yields one row.
    if (!totals) throw new Error('usage totals query returned no row');
    return totals;
  }

  /** Only buckets with requests appear; oldest first. */
  usageSeries(query: TimeRange & { bucket: SeriesBucket }): UsagePoint[] {
    const by = bucketGrouping(BUCKET_MS[query.bucket]);
    return this.statements
      .get<UsagePoint>(
        rangeSql(POINT_FIGURES, { by, as: 'bucketStart', order: 'ORDER BY bucketStart' }),
      )
      .all(rangeParams(query, query.bucket === 'day'));
  }

  /** Days in calendar order; other groups by estimated cost, then by requests, largest first. */
  usageBy(query: TimeRange & { by: UsageDimension }): UsageGroup[] {
    const order =
      query.by === 'day' ? 'ORDER BY key ASC' : 'ORDER BY costUsd DESC, requests DESC, key ASC';
    return this.statements
      .get<UsageGroup>(rangeSql(GROUP_FIGURES, { by: GROUPINGS[query.by], as: 'key', order }))
      .all(rangeParams(query, true));
  }

  /**
   * A token's metered (estimated) spend in USD over whole hours: `from` and `to` are hour
   * starts (a budget's period, see limit-windows.ts). Rows still queued in the log writer are
   * not in it yet.
   */
  tokenSpend(tokenId: string, from: number, to: number): number {
    return this.spend.get(tokenId, from, to) ?? 0;
  }
}
