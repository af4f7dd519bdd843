import { describe, expect, it } from 'vitest';
import { columnsToLogRow, LOG_COLUMN_NAMES, recordToColumns } from './log-row.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';

describe('log row encoding', () => {
  it('round-trips a full record, capture included', () => {
    const record = sampleRecord({
      capture: {
        requestHeaders: { 'content-type': 'application/json', authorization: '[redacted]' },
        requestBody: '{"model":"x"}',
        responseBody: null,
      },
    });
    expect(columnsToLogRow({ ...recordToColumns(record), id: 7 })).toEqual({ ...record, id: 7 });
  });

  it('round-trips a record without usage, tariff or capture', () => {
    const record = sampleRecord({
      usage: null,
      tariff: null,
      capture: null,
      clientFormat: null,
      upstreamFormat: null,
      route: 'rejected',
      costUsd: null,
      ttfbMs: null,
    });
    const columns = recordToColumns(record);
    expect(columns.input_tokens).toBeNull();
    expect(columns.request_headers).toBeNull();
    expect(columnsToLogRow({ ...columns, id: 1 })).toEqual({ ...record, id: 1 });
  });

  it('stores booleans as 0/1 and usage as separate columns', () => {
    const columns = recordToColumns(sampleRecord({ stream: true, cancelled: false }));
    expect(columns.stream).toBe(1);
    expect(columns.cancelled).toBe(0);
    expect([columns.input_tokens, columns.cached_tokens, columns.reasoning_tokens]).toEqual([
      120, 20, 10,
    ]);
  });

  it('turns non-finite measurements into unknown rather than failing the insert', () => {
    const columns = recordToColumns(
      sampleRecord({ latencyMs: Number.NaN, costUsd: Number.POSITIVE_INFINITY }),
    );
    expect(columns.latency_ms).toBe(0);
    expect(columns.cost_usd).toBeNull();
  });

  it('reads damaged JSON columns as empty values', () => {
    const columns = { ...recordToColumns(sampleRecord()), rules: '[', tariff: '{"kind":1}' };
    const row = columnsToLogRow({ ...columns, id: 1 });
    expect(row.rules).toEqual([]);
    expect(row.tariff).toBeNull();
  });

  it('names every column it encodes', () => {
    expect([...LOG_COLUMN_NAMES].sort()).toEqual(
      Object.keys(recordToColumns(sampleRecord())).sort(),
    );
  });
});
