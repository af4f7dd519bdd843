import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';

const DAY1 = Date.UTC(2025, 4, 10);
const HOUR = 3_600_000;

describe('UsageQueries', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
    const usage = (input: number, output: number) => ({
      inputTokens: input,
      outputTokens: output,
      totalTokens: input + output,
      cachedInputTokens: 1,
      cacheWriteTokens: 0,
      reasoningTokens: 2,
    });
    for (const record of [
      sampleRecord({ startedAt: DAY1 + 0.5 * HOUR, usage: usage(100, 10), costUsd: 0.5 }),
      sampleRecord({ startedAt: DAY1 + 0.9 * HOUR, usage: usage(200, 20), costUsd: 0.25 }),
      sampleRecord({
        startedAt: DAY1 + 5 * HOUR,
        model: 'gpt-4o-mini',
        client: 'aider',
        clientFormat: 'responses',
        upstreamFormat: 'responses',
        route: 'passthrough',
        usage: usage(50, 5),
        usageEstimated: true,
        costUsd: null,
      }),
      sampleRecord({
        startedAt: DAY1 + 24 * HOUR + 1,
        status: 401,
        client: null,
        model: null,
        clientFormat: 'chat',
        upstreamFormat: null,
        route: 'rejected',
        usage: null,
        costUsd: null,
      }),
    ]) {
      temp.store.logWriter.enqueue(record);
    }
    temp.store.logWriter.flush();
  });
  afterEach(() => temp.dispose());

  it('totals everything in a range', () => {
    expect(temp.store.usage.usageTotals({})).toEqual({
      requests: 4,
      errors: 1,
      inputTokens: 350,
      outputTokens: 35,
      cachedTokens: 3,
      reasoningTokens: 6,
      costUsd: 0.75,
      estimatedRequests: 1,
    });
    expect(temp.store.usage.usageTotals({ from: DAY1 + HOUR, to: DAY1 + 24 * HOUR })).toMatchObject(
      { requests: 1, inputTokens: 50, costUsd: 0, estimatedRequests: 1 },
    );
  });

  it('totals zero over an empty range', () => {
    expect(temp.store.usage.usageTotals({ from: 0, to: 1 })).toEqual({
      requests: 0,
      errors: 0,
      inputTokens: 0,
      outputTokens: 0,
      cachedTokens: 0,
      reasoningTokens: 0,
      costUsd: 0,
      estimatedRequests: 0,
    });
  });

  it('narrows totals by a log filter', () => {
    expect(temp.store.usage.usageTotals({}, { client: 'aider' }).requests).toBe(1);
    expect(temp.store.usage.usageTotals({}, { status: 'error' }).requests).toBe(1);
  });

  it('buckets by UTC hour and day', () => {
    expect(temp.store.usage.usageSeries({ bucket: 'hour' })).toEqual([
      { bucketStart: DAY1, requests: 2, inputTokens: 300, outputTokens: 30, costUsd: 0.75 },
      { bucketStart: DAY1 + 5 * HOUR, requests: 1, inputTokens: 50, outputTokens: 5, costUsd: 0 },
      { bucketStart: DAY1 + 24 * HOUR, requests: 1, inputTokens: 0, outputTokens: 0, costUsd: 0 },
    ]);
    expect(
      temp.store.usage.usageSeries({ bucket: 'day' }).map((p) => [p.bucketStart, p.requests]),
    ).toEqual([
      [DAY1, 3],
      [DAY1 + 24 * HOUR, 1],
    ]);
  });

  it('groups by model, largest cost first, with (none) for requests without one', () => {
    const rows = temp.store.usage.usageBy({ by: 'model' });
    expect(rows.map((r) => [r.key, r.requests, r.costUsd])).toEqual([
      ['gemini-2.5-flash', 2, 0.75],
      ['(none)', 1, 0],
      ['gpt-4o-mini', 1, 0],
    ]);
    expect(rows[0]).toMatchObject({ errors: 0, inputTokens: 300, cachedTokens: 2 });
  });

  it('groups by token name', () => {
    const keys = temp.store.usage.usageBy({ by: 'token' }).map((r) => r.key);
    expect(keys.sort()).toEqual(['(none)', 'aider', 'cursor']);
  });

  it('groups by route as client→upstream (route)', () => {
    const rows = temp.store.usage.usageBy({ by: 'route' });
    expect(Object.fromEntries(rows.map((r) => [r.key, r.requests]))).toEqual({
      'chat→gemini (translated)': 2,
      'responses→responses (passthrough)': 1,
      'chat→- (rejected)': 1,
    });
    expect(rows.find((r) => r.key === 'chat→- (rejected)')?.errors).toBe(1);
  });

  it('groups by UTC day in calendar order, within the range', () => {
    expect(temp.store.usage.usageBy({ by: 'day' }).map((r) => [r.key, r.requests])).toEqual([
      ['2025-05-10', 3],
      ['2025-05-11', 1],
    ]);
    expect(
      temp.store.usage.usageBy({ by: 'day', from: DAY1 + 24 * HOUR }).map((r) => r.key),
    ).toEqual(['2025-05-11']);
  });
});
