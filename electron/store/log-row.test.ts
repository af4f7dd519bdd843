import { describe, expect, it } from 'vitest';
import { columnsToLogRow, LOG_COLUMN_NAMES, recordToColumns } from './log-row.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import type { RequestRecord } from '../gateway/server/request-record.ts';

const withoutHold = ({
  limitHold: _hold,
  ...rest
}: RequestRecord): Omit<RequestRecord, 'limitHold'> => rest;

describe('log row encoding', () => {
  it('round-trips a full record, capture included', () => {
    const record = sampleRecord({
      capture: {
        requestHeaders: { 'content-type': 'application/json', authorization: '[redacted]' },
        requestBody: '{"model":"x"}',
        responseBody: null,
      },
    });
    expect(columnsToLogRow({ ...recordToColumns(record), id: 7 })).toEqual({
      ...withoutHold(record),
      id: 7,
    });
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
    expect(columnsToLogRow({ ...columns, id: 1 })).toEqual({ ...withoutHold(record), id: 1 });
  });

  it('round-trips the route a request went through and each model it tried', () => {
    const record = sampleRecord({
      model: 'coding',
      modelRoute: 'coding',
      servedModel: 'gpt-5',
      modelAttempts: [
        {
          model: 'claude-sonnet-4-5',
          status: 429,
          outcome: 'rate_limited',
          message: 'slow down',
          latencyMs: 12.5,
        },
        { model: 'gpt-5', status: 200, outcome: 'answered', message: null, latencyMs: 640 },
      ],
    });
    const columns = recordToColumns(record);
    expect([columns.model_route, columns.served_model]).toEqual(['coding', 'gpt-5']);
    expect(JSON.parse(columns.model_attempts ?? 'null')).toEqual(record.modelAttempts);
    expect(columnsToLogRow({ ...columns, id: 3 })).toEqual({ ...withoutHold(record), id: 3 });
  });

  it('stores no attempts as null and reads null or damaged attempts as none', () => {
    const columns = recordToColumns(sampleRecord({ modelAttempts: [] }));
    expect(columns.model_attempts).toBeNull();
    expect(columnsToLogRow({ ...columns, id: 1 }).modelAttempts).toEqual([]);
    for (const damaged of ['[', '{"model":"a"}', '[{"model":"a","status":"x"}]', '[null]']) {
      expect(columnsToLogRow({ ...columns, model_attempts: damaged, id: 1 }).modelAttempts).toEqual(
        [],
      );
    }
  });

  it('keeps an attempt whose latency is not a number, as 0', () => {
    const attempt = { model: 'a', status: null, outcome: 'timeout', message: null };
    const columns = recordToColumns(
      sampleRecord({ modelAttempts: [{ ...attempt, latencyMs: Number.NaN }] }),
    );
    expect(columnsToLogRow({ ...columns, id: 1 }).modelAttempts).toEqual([
      { ...attempt, latencyMs: 0 },
    ]);
  });

  it('never stores what a request held against its limits', () => {
    const record = sampleRecord({
      limitHold: { tokenId: 'tok_a', claims: [{ counter: 'usd', windowStart: 0, amount: 1 }] },
    });
    const row = columnsToLogRow({ ...recordToColumns(record), id: 1 });
    expect('limitHold' in row).toBe(false);
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
