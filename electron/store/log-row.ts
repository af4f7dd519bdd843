import type { WireFormat } from '../../shared/wire-formats.ts';
import { isTariff } from '../../shared/tariff.ts';
import type { ModelAttempt, RequestRecord } from '../gateway/server/request-record.ts';
import { isStringArray, isStringRecord, parseJson } from './parse-json.ts';

/**
 * A request as the log holds it: the gateway's record, plus the row id. What the request held
 * against its token's limits lives only until the row is written, so a row has none.
 */
export type LogRow = Omit<RequestRecord, 'limitHold'> & { id: number };

/** The `request_log` columns, as the insert binds them and a `SELECT *` returns them. */
export interface LogColumns {
  request_id: string;
  started_at: number;
  client: string | null;
  client_token_id: string | null;
  method: string;
  path: string;
  client_format: string | null;
  upstream_format: string | null;
  route: string;
  model: string | null;
  model_route: string | null;
  served_model: string | null;
  model_attempts: string | null;
  stream: number;
  status: number;
  error_kind: string | null;
  error_message: string | null;
  latency_ms: number;
  ttfb_ms: number | null;
  attempts: number;
  cancelled: number;
  rules: string;
  dropped: string;
  input_tokens: number | null;
  output_tokens: number | null;
  total_tokens: number | null;
  cached_tokens: number | null;
  cache_write_tokens: number | null;
  reasoning_tokens: number | null;
  usage_estimated: number;
  cost_usd: number | null;
  tariff: string | null;
  request_headers: string | null;
  request_body: string | null;
  response_body: string | null;
}

export interface StoredLogColumns extends LogColumns {
  id: number;
}

export const LOG_COLUMN_NAMES = [
  'request_id',
  'started_at',
  'client',
  'client_token_id',
  'method',
  'path',
  'client_format',
  'upstream_format',
  'route',
  'model',
  'model_route',
  'served_model',
  'model_attempts',
  'stream',
  'status',
  'error_kind',
  'error_message',
  'latency_ms',
  'ttfb_ms',
  'attempts',
  'cancelled',
  'rules',
  'dropped',
  'input_tokens',
  'output_tokens',
  'total_tokens',
  'cached_tokens',
  'cache_write_tokens',
  'reasoning_tokens',
  'usage_estimated',
  'cost_usd',
  'tariff',
  'request_headers',
  'request_body',
  'response_body',
] as const satisfies readonly (keyof LogColumns)[];

// SQLite turns NaN into NULL, which a NOT NULL column refuses and a whole batch would fail on;
// a non-finite measurement is recorded as unknown (or 0 where the column needs a value).
const finiteOrNull = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const finiteOrZero = (value: number): number => finiteOrNull(value) ?? 0;

const isModelAttempt = (value: unknown): value is ModelAttempt => {
  if (typeof value !== 'object' || value === null) return false;
  const attempt = value as Record<string, unknown>;
  return (
    typeof attempt.model === 'string' &&
    (attempt.status === null || typeof attempt.status === 'number') &&
    typeof attempt.outcome === 'string' &&
    (attempt.message === null || typeof attempt.message === 'string') &&
    typeof attempt.latencyMs === 'number'
  );
};

const isModelAttempts = (value: unknown): value is ModelAttempt[] =>
  Array.isArray(value) && value.every(isModelAttempt);

/** Null, not '[]', for requests that named a model (nearly all): nothing to store or parse. */
function attemptsText(attempts: readonly ModelAttempt[]): string | null {
  if (attempts.length === 0) return null;
  // JSON would turn a NaN latency into null, which the reading side refuses with the whole list.
  return JSON.stringify(
    attempts.map((attempt) => ({ ...attempt, latencyMs: finiteOrZero(attempt.latencyMs) })),
  );
}

export function recordToColumns(record: RequestRecord): LogColumns {
  const usage = record.usage;
  const capture = record.capture;
  return {
    request_id: record.requestId,
    started_at: Math.round(finiteOrZero(record.startedAt)),
    client: record.client,
    client_token_id: record.clientTokenId,
    method: record.method,
    path: record.path,
    client_format: record.clientFormat,
    upstream_format: record.upstreamFormat,
    route: record.route,
    model: record.model,
    model_route: record.modelRoute,
    served_model: record.servedModel,
    model_attempts: attemptsText(record.modelAttempts),
    stream: record.stream ? 1 : 0,
    status: finiteOrZero(record.status),
    error_kind: record.errorKind,
    error_message: record.errorMessage,
    latency_ms: finiteOrZero(record.latencyMs),
    ttfb_ms: finiteOrNull(record.ttfbMs),
    attempts: finiteOrZero(record.attempts),
    cancelled: record.cancelled ? 1 : 0,
    rules: JSON.stringify(record.rules),
    dropped: JSON.stringify(record.dropped),
    input_tokens: usage ? finiteOrZero(usage.inputTokens) : null,
    output_tokens: usage ? finiteOrZero(usage.outputTokens) : null,
    total_tokens: usage ? finiteOrZero(usage.totalTokens) : null,
    cached_tokens: usage ? finiteOrZero(usage.cachedInputTokens) : null,
    cache_write_tokens: usage ? finiteOrZero(usage.cacheWriteTokens) : null,
    reasoning_tokens: usage ? finiteOrZero(usage.reasoningTokens) : null,
    usage_estimated: record.usageEstimated ? 1 : 0,
    cost_usd: finiteOrNull(record.costUsd),
    tariff: record.tariff ? JSON.stringify(record.tariff) : null,
    request_headers: capture ? JSON.stringify(capture.requestHeaders) : null,
    request_body: capture ? capture.requestBody : null,
    response_body: capture ? capture.responseBody : null,
  };
}

export function columnsToLogRow(row: StoredLogColumns): LogRow {
  const rules = parseJson(row.rules);
  const dropped = parseJson(row.dropped);
  const tariff = parseJson(row.tariff);
  const headers = parseJson(row.request_headers);
  const attempts = parseJson(row.model_attempts);
  return {
    id: row.id,
    requestId: row.request_id,
    startedAt: row.started_at,
    client: row.client,
    clientTokenId: row.client_token_id,
    method: row.method,
    path: row.path,
    // These three columns are written only from RequestRecord, whose types they carry.
    clientFormat: row.client_format as WireFormat | null,
    upstreamFormat: row.upstream_format as WireFormat | null,
    route: row.route as RequestRecord['route'],
    model: row.model,
    modelRoute: row.model_route,
    servedModel: row.served_model,
    modelAttempts: isModelAttempts(attempts) ? attempts : [],
    stream: row.stream === 1,
    status: row.status,
    errorKind: row.error_kind,
    errorMessage: row.error_message,
    latencyMs: row.latency_ms,
    ttfbMs: row.ttfb_ms,
    attempts: row.attempts,
    cancelled: row.cancelled === 1,
    rules: isStringArray(rules) ? rules : [],
    dropped: isStringArray(dropped) ? dropped : [],
    // A record has usage exactly when its token columns were written; each is null together.
    usage:
      row.input_tokens === null
        ? null
        : {
            inputTokens: row.input_tokens,
            outputTokens: row.output_tokens ?? 0,
            totalTokens: row.total_tokens ?? 0,
            cachedInputTokens: row.cached_tokens ?? 0,
            cacheWriteTokens: row.cache_write_tokens ?? 0,
            reasoningTokens: row.reasoning_tokens ?? 0,
          },
    usageEstimated: row.usage_estimated === 1,
    costUsd: row.cost_usd,
    tariff: isTariff(tariff) ? tariff : null,
    capture:
      row.request_headers === null
        ? null
        : {
            requestHeaders: isStringRecord(headers) ? headers : {},
            requestBody: row.request_body,
            responseBody: row.response_body,
          },
  };
}
