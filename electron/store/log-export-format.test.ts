import { describe, expect, it } from 'vitest';
import type { LogRow } from './log-row.ts';
import { csvHeader, logRowToCsv, logRowToJsonl } from './log-export-format.ts';
import { parseCsv } from '../../test/doubles/store/parse-csv.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';

describe('log export format', () => {
  const { limitHold: _hold, ...record } = sampleRecord({
    requestId: 'req_1',
    startedAt: Date.UTC(2025, 0, 2, 3, 4, 5, 6),
    rules: ['a.rule', 'b.rule'],
    dropped: ['metadata', 'tools.3'],
    capture: { requestHeaders: { a: 'b' }, requestBody: 'x', responseBody: null },
  });
  const row: LogRow = { ...record, id: 9 };

  it('writes as many fields per row as the header names', () => {
    const [header, values] = parseCsv(csvHeader() + logRowToCsv(row));
    expect(values).toHaveLength(header?.length ?? -1);
    const record = Object.fromEntries((header ?? []).map((name, i) => [name, values?.[i]]));
    expect(record).toMatchObject({
      id: '9',
      requestId: 'req_1',
      startedAt: '2025-01-02T03:04:05.006Z',
      stream: 'true',
      rules: 'a.rule b.rule',
      dropped: 'metadata tools.3',
      inputTokens: '120',
      costUsdEstimate: '0.000123',
      requestHeaders: '{"a":"b"}',
      responseBody: '',
    });
  });

  it('writes the model route, the model that answered and each model tried', () => {
    const attempts = [
      { model: 'a', status: 503, outcome: 'upstream_error', message: 'busy', latencyMs: 5 },
      { model: 'b', status: 200, outcome: 'answered', message: null, latencyMs: 9 },
    ];
    const routed = { ...row, modelRoute: 'coding', servedModel: 'b', modelAttempts: attempts };
    const [header, values] = parseCsv(csvHeader() + logRowToCsv(routed));
    const field = (name: string): string | undefined => values?.[header?.indexOf(name) ?? -1];
    expect([field('modelRoute'), field('servedModel')]).toEqual(['coding', 'b']);
    expect(JSON.parse(field('modelAttempts') ?? '')).toEqual(attempts);
    const [, plain] = parseCsv(csvHeader() + logRowToCsv(row));
    expect(plain?.[header?.indexOf('modelAttempts') ?? -1]).toBe('');
    expect(JSON.parse(logRowToJsonl(routed))).toMatchObject({
      modelRoute: 'coding',
      servedModel: 'b',
      modelAttempts: attempts,
    });
  });

  it('writes empty fields for a request without usage', () => {
    const [header, values] = parseCsv(csvHeader() + logRowToCsv({ ...row, usage: null }));
    expect(values?.[header?.indexOf('inputTokens') ?? -1]).toBe('');
  });

  it('writes JSONL as the row object on one line', () => {
    const line = logRowToJsonl({ ...row, errorMessage: 'two\nlines' });
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({ ...row, errorMessage: 'two\nlines' });
  });
});
