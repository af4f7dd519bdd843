import type { LogFilter } from '../../shared/contract.ts';
import type { SqlParams } from './statement-cache.ts';

// The Logs page's filter, as the contract defines it (shared/contract-schemas.ts). Its status
// `error` is ERROR_CONDITION below.
export type { LogFilter } from '../../shared/contract.ts';

/**
 * A request failed when its status says so, or when it broke after a 200 was sent (a stream
 * cut off upstream records an error kind under status 200). Migration 8's partial index
 * `request_log_errors` has this very text as its WHERE: SQLite uses the index only for a query
 * that says the same.
 */
export const ERROR_CONDITION = '(status >= 400 OR error_kind IS NOT NULL)';

/**
 * A route moved on to another model. Only requests that went through a route hold attempts.
 * The same text as the partial index `request_log_fell_back`'s WHERE (migration 8); malformed
 * JSON counts as no fallback instead of failing the insert that index evaluates it on.
 */
export const FELL_BACK_CONDITION =
  '(model_route IS NOT NULL AND ' +
  'json_array_length(CASE WHEN json_valid(model_attempts) THEN model_attempts END) > 1)';

/** `text` for a LIKE pattern with `\` as the escape character: `%` and `_` match themselves. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter field a condition comes from; the time range is `range`. */
export type LogConditionField =
  'model' | 'status' | 'client' | 'modelRoute' | 'fellBack' | 'range' | 'text';

export interface LogCondition {
  field: LogConditionField;
  sql: string;
}

/**
 * The conditions of a filter, each on its own. Only the shape of the SQL depends on which
 * fields are set, never the values, which are bound, so the statement cache sees a handful of
 * distinct texts.
 */
export function logConditions(filter: LogFilter): {
  conditions: LogCondition[];
  params: SqlParams;
} {
  const conditions: LogCondition[] = [];
  const params: SqlParams = {};
  if (filter.model !== undefined) {
    conditions.push({ field: 'model', sql: 'model = @model' });
    params.model = filter.model;
  }
  if (filter.status === 'ok') conditions.push({ field: 'status', sql: `NOT ${ERROR_CONDITION}` });
  else if (filter.status === 'error') conditions.push({ field: 'status', sql: ERROR_CONDITION });
  else if (typeof filter.status === 'number') {
    conditions.push({ field: 'status', sql: 'status = @status' });
    params.status = filter.status;
  }
  if (filter.client !== undefined) {
    conditions.push({ field: 'client', sql: 'client = @client' });
    params.client = filter.client;
  }
  if (filter.modelRoute !== undefined) {
    conditions.push({ field: 'modelRoute', sql: 'model_route = @modelRoute' });
    params.modelRoute = filter.modelRoute;
  }
  if (filter.fellBack === true) conditions.push({ field: 'fellBack', sql: FELL_BACK_CONDITION });
  if (filter.from !== undefined) {
    conditions.push({ field: 'range', sql: 'started_at >= @from' });
    params.from = filter.from;
  }
  if (filter.to !== undefined) {
    conditions.push({ field: 'range', sql: 'started_at < @to' });
    params.to = filter.to;
  }
  if (filter.text) {
    conditions.push({
      field: 'text',
      sql:
        "(request_id LIKE @text ESCAPE '\\' OR model LIKE @text ESCAPE '\\' OR " +
        "path LIKE @text ESCAPE '\\' OR error_message LIKE @text ESCAPE '\\')",
    });
    params.text = `%${escapeLike(filter.text)}%`;
  }
  return { conditions, params };
}

/** `WHERE` and the conditions joined by AND; empty for none. */
export const whereOf = (conditions: readonly string[]): string =>
  conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';

/** The WHERE clause for a filter (see `logConditions`). */
export function logFilterSql(filter: LogFilter): { where: string; params: SqlParams } {
  const { conditions, params } = logConditions(filter);
  return { where: whereOf(conditions.map((c) => c.sql)), params };
}
