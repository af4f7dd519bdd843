import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { storedTotals } from '../../test/doubles/store/usage-totals.ts';
import { recordToColumns } from './log-row.ts';
import { UsageTotalsWriter } from './usage-totals.ts';

const HOUR = 3_600_000;
const AT = Date.UTC(2025, 6, 1, 23);

describe('UsageTotalsWriter', () => {
  let temp: TempStore;
  let totals: UsageTotalsWriter;
  beforeEach(() => {
    temp = openTempStore();
    totals = new UsageTotalsWriter(temp.store.db);
  });
  afterEach(() => temp.dispose());

  const rows = () =>
    [
      sampleRecord({ startedAt: AT + 1, costUsd: 0.5 }),
      sampleRecord({ startedAt: AT + 2, costUsd: 0.25, status: 429, usage: null }),
      sampleRecord({ startedAt: AT + HOUR, costUsd: 1, usageEstimated: true }),
      sampleRecord({
        startedAt: AT + 3,
        model: 'coding',
        servedModel: 'gpt-5',
        modelRoute: 'coding',
      }),
    ].map(recordToColumns);

  it('adds a batch by hour and by day, one row per key', () => {
    totals.add(rows());
    expect(storedTotals(temp.store.db).map((r) => [r.start, r.model, r.requests])).toEqual([
      [AT, 'gemini-2.5-flash', 2],
      [AT, 'gpt-5', 1],
      [AT + HOUR, 'gemini-2.5-flash', 1],
    ]);
    expect(storedTotals(temp.store.db, 'day')).toMatchObject([
      { start: AT - 23 * HOUR, model: 'gemini-2.5-flash', requests: 2, errors: 1, cost_usd: 0.75 },
      { start: AT - 23 * HOUR, model: 'gpt-5', model_route: 'coding', requests: 1 },
      { start: AT + HOUR, model: 'gemini-2.5-flash', requests: 1, estimated_requests: 1 },
    ]);
  });

  it('adds up the same whether rows come one by one or together', () => {
    for (const row of rows()) totals.add([row]);
    const oneByOne = [storedTotals(temp.store.db), storedTotals(temp.store.db, 'day')];
    temp.store.db.exec('DELETE FROM usage_hourly; DELETE FROM usage_daily;');
    totals.add(rows());
    expect([storedTotals(temp.store.db), storedTotals(temp.store.db, 'day')]).toEqual(oneByOne);
  });
});
