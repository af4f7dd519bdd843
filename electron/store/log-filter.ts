import type { LogFilter } from '../../shared/contract.ts';
import type { SqlParams } from './statement-cache.ts';

// The Logs page's filter, as the contract defines it (shared/contract-schemas.ts). Its status
// `error` is ERROR_CONDITION below.
export type { LogFilter } from '../../shared/contract.ts';

/**
 * A request failed when its status says so, or when it broke after a 200 was sent (a stream
 * cut off upstream records an error kind under status 200).
 */
export const ERROR_CONDITION = '(status >= 400 OR error_kind IS NOT NULL)';

/** `text` for a LIKE pattern with `\` as the escape character: `%` and `_` match themselves. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE clause for a filter. Only the shape of the SQL depends on which fields are set,
 * never the values, which are bound, so the statement cache sees a handful of distinct texts.
 */
export function logFilterSql(filter: LogFilter): { where: string; params: SqlParams } {
  const conditions: string[] = [];
  const params: SqlParams = {};
  if (filter.model !== undefined) {
    conditions.push('model = @model');
    params.model = filter.model;
  }
  if (filter.status === 'ok') conditions.push(`NOT ${ERROR_CONDITION}`);
  else if (filter.status === 'error') conditions.push(ERROR_CONDITION);
  else if (typeof filter.status === 'number') {
    conditions.push('status = @status');
    params.status = filter.status;
  }
  if (filter.client !== undefined) {
    conditions.push('client = @client');
    params.client = filter.client;
  }
  if (filter.modelRoute !== undefined) {
    conditions.push('model_route = @modelRoute');
    params.modelRoute = filter.modelRoute;
  }
  // Only requests that went through a route hold attempts; saying so lets SQLite read them from
  // the partial index on model_route instead of parsing every row's (null) attempts.
  if (filter.fellBack === true) {
    conditions.push('(model_route IS NOT NULL AND json_array_length(model_attempts) > 1)');
  }
  if (filter.from !== undefined) {
    conditions.push('started_at >= @from');
    params.from = filter.from;
  }
  if (filter.to !== undefined) {
    conditions.push('started_at < @to');
    params.to = filter.to;
  }
  if (filter.text) {
    conditions.push(
      "(request_id LIKE @text ESCAPE '\\' OR model LIKE @text ESCAPE '\\' OR " +
        "path LIKE @text ESCAPE '\\' OR error_message LIKE @text ESCAPE '\\')",
    );
    params.text = `%${escapeLike(filter.text)}%`;
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
