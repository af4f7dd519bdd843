import { csvLine, type CsvValue } from './csv.ts';
import type { LogRow } from './log-row.ts';

/** The CSV columns, in order; flat, one value each, as a spreadsheet wants them. */
const CSV_COLUMNS: readonly [string, (row: LogRow) => CsvValue][] = [
  ['id', (r) => r.id],
  ['requestId', (r) => r.requestId],
  // ISO 8601 in UTC: spreadsheets read it as a date, an epoch number they do not.
  ['startedAt', (r) => new Date(r.startedAt).toISOString()],
  ['client', (r) => r.client],
  ['clientTokenId', (r) => r.clientTokenId],
  ['method', (r) => r.method],
  ['path', (r) => r.path],
  ['clientFormat', (r) => r.clientFormat],
  ['upstreamFormat', (r) => r.upstreamFormat],
  ['route', (r) => r.route],
  ['model', (r) => r.model],
  ['modelRoute', (r) => r.modelRoute],
  ['servedModel', (r) => r.servedModel],
  ['modelAttempts', (r) => (r.modelAttempts.length > 0 ? JSON.stringify(r.modelAttempts) : null)],
  ['stream', (r) => r.stream],
  ['status', (r) => r.status],
  ['errorKind', (r) => r.errorKind],
  ['errorMessage', (r) => r.errorMessage],
  ['latencyMs', (r) => r.latencyMs],
  ['ttfbMs', (r) => r.ttfbMs],
  ['attempts', (r) => r.attempts],
  ['cancelled', (r) => r.cancelled],
  ['rules', (r) => r.rules.join(' ')],
  ['dropped', (r) => r.dropped.join(' ')],
  ['inputTokens', (r) => r.usage?.inputTokens ?? null],
  ['outputTokens', (r) => r.usage?.outputTokens ?? null],
  ['totalTokens', (r) => r.usage?.totalTokens ?? null],
  ['cachedInputTokens', (r) => r.usage?.cachedInputTokens ?? null],
  ['cacheWriteTokens', (r) => r.usage?.cacheWriteTokens ?? null],
  ['reasoningTokens', (r) => r.usage?.reasoningTokens ?? null],
  ['usageEstimated', (r) => r.usageEstimated],
  ['costUsdEstimate', (r) => r.costUsd],
  ['tariff', (r) => (r.tariff ? JSON.stringify(r.tariff) : null)],
  ['requestHeaders', (r) => (r.capture ? JSON.stringify(r.capture.requestHeaders) : null)],
  ['requestBody', (r) => r.capture?.requestBody ?? null],
  ['responseBody', (r) => r.capture?.responseBody ?? null],
];

export const csvHeader = (): string => csvLine(CSV_COLUMNS.map(([name]) => name));

export const logRowToCsv = (row: LogRow): string =>
  csvLine(CSV_COLUMNS.map(([, value]) => value(row)));

export const logRowToJsonl = (row: LogRow): string => `${JSON.stringify(row)}\n`;
