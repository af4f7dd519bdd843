import type Database from 'better-sqlite3';

/** A row of `usage_hourly` or `usage_daily`, its hour or day as `start`. */
export interface TotalsRow {
  start: number;
  client_token_id: string;
  client: string;
  model: string;
  model_route: string;
  client_format: string;
  upstream_format: string;
  route: string;
  requests: number;
  errors: number;
  input_tokens: number;
  output_tokens: number;
  cached_tokens: number;
  reasoning_tokens: number;
  cost_usd: number;
  estimated_requests: number;
}

type Period = 'hour' | 'day';
const PERIOD_MS: Record<Period, number> = { hour: 3_600_000, day: 86_400_000 };
const KEY_ORDER = 'ORDER BY 1, 2, 3, 4, 5, 6, 7, 8';
const REST = `client_token_id, client, model, model_route, client_format, upstream_format, route,
  requests, errors, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_usd,
  estimated_requests`;

/** `usage_hourly` or `usage_daily` as it stands, in key order. */
export const storedTotals = (db: Database.Database, period: Period = 'hour'): TotalsRow[] =>
  db
    .prepare<[], TotalsRow>(
      `SELECT ${period} AS start, ${REST} FROM usage_${period === 'hour' ? 'hourly' : 'daily'} ${KEY_ORDER}`,
    )
    .all();

/** What the totals must hold: the log aggregated by hour (or day) and key, in key order. */
export const totalsFromLog = (db: Database.Database, period: Period = 'hour'): TotalsRow[] =>
  db
    .prepare<[], TotalsRow>(
      `SELECT (started_at / ${PERIOD_MS[period]}) * ${PERIOD_MS[period]} AS start,
              coalesce(client_token_id, '') AS client_token_id, coalesce(client, '') AS client,
              coalesce(served_model, model, '') AS model, coalesce(model_route, '') AS model_route,
              coalesce(client_format, '') AS client_format,
              coalesce(upstream_format, '') AS upstream_format, route,
              count(*) AS requests,
              sum(CASE WHEN status >= 400 OR error_kind IS NOT NULL THEN 1 ELSE 0 END) AS errors,
              coalesce(sum(input_tokens), 0) AS input_tokens,
              coalesce(sum(output_tokens), 0) AS output_tokens,
              coalesce(sum(cached_tokens), 0) AS cached_tokens,
              coalesce(sum(reasoning_tokens), 0) AS reasoning_tokens,
              total(cost_usd) AS cost_usd, sum(usage_estimated) AS estimated_requests
       FROM request_log GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ${KEY_ORDER}`,
    )
    .all();

/** Costs rounded to 1e-9 USD, so sums added in another order compare equal. */
export const roundedCosts = (rows: readonly TotalsRow[]): TotalsRow[] =>
  rows.map((row) => ({ ...row, cost_usd: Math.round(row.cost_usd * 1e9) / 1e9 }));
