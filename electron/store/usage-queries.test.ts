import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageQueries } from './usage-queries.ts';
import { rangeParams } from './usage-range-sql.ts';
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

  it('groups by model route, with (none) for requests without one', () => {
    temp.store.logWriter.enqueue(
      sampleRecord({
        startedAt: DAY1 + 2 * HOUR,
        model: 'coding',
        modelRoute: 'coding',
        servedModel: 'gpt-5',
        costUsd: 2,
      }),
    );
    temp.store.logWriter.flush();
    expect(temp.store.usage.usageBy({ by: 'modelRoute' }).map((r) => [r.key, r.requests])).toEqual([
      ['coding', 1],
      ['(none)', 4],
    ]);
  });

  it('counts a routed request under the model that answered it', () => {
    temp.store.logWriter.enqueue(
      sampleRecord({
        startedAt: DAY1 + 2 * HOUR,
        model: 'coding',
        modelRoute: 'coding',
        servedModel: 'gpt-4o-mini',
        costUsd: 2,
      }),
    );
    temp.store.logWriter.flush();
    const keys = temp.store.usage.usageBy({ by: 'model' }).map((r) => [r.key, r.requests]);
    expect(keys).toContainEqual(['gpt-4o-mini', 2]);
    expect(keys.map(([key]) => key)).not.toContain('coding');
  });

  it('reads whole hours from the totals and only the part hours at the edges from the log', () => {
    // Rows gone from the log (pruned) still count where the totals cover their hours.
    temp.store.db.prepare('DELETE FROM request_log').run();
    expect(temp.store.usage.usageTotals({}).requests).toBe(4);
    expect(temp.store.usage.usageTotals({ from: DAY1, to: DAY1 + HOUR }).requests).toBe(2);
    // Hour 0 only in part: read from the (now empty) log.
    expect(temp.store.usage.usageTotals({ from: DAY1 + 1, to: DAY1 + HOUR }).requests).toBe(0);
    expect(temp.store.usage.usageTotals({ from: DAY1, to: DAY1 + HOUR - 1 }).requests).toBe(0);
    // A whole day comes from the daily totals, the hours of a day in part from the hourly ones.
    temp.store.db.prepare('DELETE FROM usage_hourly').run();
    expect(temp.store.usage.usageTotals({ from: DAY1, to: DAY1 + 24 * HOUR }).requests).toBe(3);
    expect(temp.store.usage.usageTotals({ from: DAY1, to: DAY1 + 23 * HOUR }).requests).toBe(0);
  });

  it('sums a token’s spend over whole hours', () => {
    expect(temp.store.usage.tokenSpend('tok_cursor', DAY1, DAY1 + HOUR)).toBe(0.75);
    expect(temp.store.usage.tokenSpend('tok_cursor', DAY1 + HOUR, DAY1 + 48 * HOUR)).toBe(0);
    expect(temp.store.usage.tokenSpend('tok_nobody', 0, DAY1 + 48 * HOUR)).toBe(0);
  });

  it('never scans the log', () => {
    const db = temp.store.db;
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    const spied = Object.assign(Object.create(db) as Database.Database, {
      prepare: (sql: string) => {
        prepared.push(sql);
        return prepare(sql);
      },
    });
    const queries = new UsageQueries(spied);
    const range = { from: DAY1 + 1, to: DAY1 + 30 * HOUR + 1 };
    queries.usageTotals(range);
    queries.usageSeries({ ...range, bucket: 'day' });
    for (const by of ['model', 'token', 'route', 'modelRoute', 'day'] as const) {
      queries.usageBy({ ...range, by });
    }
    queries.tokenSpend('tok_cursor', DAY1, DAY1 + HOUR);
    const plans = prepared.flatMap((sql) => {
      const explain = db.prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`);
      const parts = ['days', 'hoursHead', 'hoursTail', 'logHead', 'logTail'];
      const rows = sql.includes('@daysFrom')
        ? explain.all(
            Object.fromEntries(
              parts.flatMap((p) => [
                [`${p}From`, 0],
                [`${p}To`, 0],
              ]),
            ),
          )
        : explain.all('tok', 0, 0);
      return rows.map((row) => row.detail);
    });
    expect(prepared).toHaveLength(8);
    const logReads = plans.filter((detail) => detail.includes('request_log'));
    expect(logReads).toHaveLength(14);
    for (const detail of logReads) expect(detail).toMatch(/^SEARCH .*request_log_started_at/);
    const totalsReads = plans.filter((detail) => /usage_(hourly|daily)/.test(detail));
    expect(totalsReads).toHaveLength(7 * 3 + 1);
    for (const detail of totalsReads) expect(detail).toMatch(/^SEARCH usage_(hourly|daily) USING/);
    expect(plans).toContain(
      'SEARCH usage_hourly USING COVERING INDEX usage_hourly_token (client_token_id=? AND hour>? AND hour<?)',
    );
  });
});

describe('UsageQueries against the log itself, over ranges cut anywhere', () => {
  let temp: TempStore;
  afterEach(() => temp.dispose());

  /** What a range's figures are, straight from the log rows. */
  const fromLog = (db: Database.Database, sql: string, from: number, to: number): unknown[] =>
    db
      .prepare(sql.replaceAll('WHERE_RANGE', 'WHERE started_at >= ? AND started_at < ?'))
      .all(from, to);
  const FULL = `count(*) AS requests,
    coalesce(sum(CASE WHEN status >= 400 OR error_kind IS NOT NULL THEN 1 ELSE 0 END), 0) AS errors,
    coalesce(sum(input_tokens), 0) AS inputTokens, coalesce(sum(output_tokens), 0) AS outputTokens,
    coalesce(sum(cached_tokens), 0) AS cachedTokens,
    coalesce(sum(reasoning_tokens), 0) AS reasoningTokens, round(total(cost_usd), 9) AS costUsd`;
  const KEYS = {
    model: "coalesce(served_model, model, '(none)')",
    token: "coalesce(client, '(none)')",
    route:
      "coalesce(client_format, '-') || '→' || coalesce(upstream_format, '-') || ' (' || route || ')'",
    modelRoute: "coalesce(model_route, '(none)')",
    day: "strftime('%Y-%m-%d', started_at / 1000, 'unixepoch')",
  } as const;
  const roundCost = <T extends { costUsd: number }>(rows: T[]): T[] =>
    rows.map((row) => ({ ...row, costUsd: Math.round(row.costUsd * 1e9) / 1e9 }));

  it('answers exactly what the log holds', () => {
    temp = openTempStore();
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const start = Date.UTC(2025, 5, 1, 22);
    for (let i = 0; i < 600; i += 1) {
      const routed = random() < 0.3;
      const model = pick(['a', 'b', 'c', null]);
      temp.store.logWriter.enqueue(
        sampleRecord({
          startedAt: start + Math.floor(random() * 100 * HOUR),
          client: pick(['cursor', 'aider', null]),
          model: routed ? 'coding' : model,
          modelRoute: routed ? 'coding' : null,
          servedModel: routed ? pick(['a', 'b']) : null,
          status: pick([200, 200, 200, 429, 500]),
          costUsd: random() < 0.2 ? null : Math.round(random() * 1e6) / 1e6,
          usage: random() < 0.1 ? null : sampleRecord().usage,
        }),
      );
    }
    temp.store.logWriter.flush();
    const db = temp.store.db;
    const ranges: { from?: number; to?: number }[] = [
      {},
      { from: start + 3 * HOUR },
      { to: start + 50 * HOUR + 7 },
      { from: start + 2 * HOUR, to: start + 74 * HOUR },
    ];
    for (let i = 0; i < 40; i += 1) {
      const a = start - HOUR + Math.floor(random() * 102 * HOUR);
      const b = start - HOUR + Math.floor(random() * 102 * HOUR);
      ranges.push({ from: Math.min(a, b), to: Math.max(a, b) });
    }
    // Some ranges hold whole days, so each kind of part is read somewhere.
    const withDays = ranges.filter((range) => {
      const params = rangeParams(range, true);
      return Number(params.daysTo) > Number(params.daysFrom);
    });
    expect(withDays.length).toBeGreaterThan(5);
    for (const { from, to } of ranges) {
      const [fromSql, toSql] = [from ?? 0, to ?? Number.MAX_SAFE_INTEGER];
      const usage = temp.store.usage;
      expect(roundCost([usage.usageTotals({ from, to })])).toEqual(
        fromLog(
          db,
          `SELECT ${FULL}, coalesce(sum(usage_estimated), 0) AS estimatedRequests FROM request_log WHERE_RANGE`,
          fromSql,
          toSql,
        ),
      );
      for (const bucket of ['hour', 'day'] as const) {
        const size = bucket === 'hour' ? HOUR : 24 * HOUR;
        expect(roundCost(usage.usageSeries({ from, to, bucket }))).toEqual(
          fromLog(
            db,
            `SELECT (started_at / ${size}) * ${size} AS bucketStart, count(*) AS requests,
               coalesce(sum(input_tokens), 0) AS inputTokens,
               coalesce(sum(output_tokens), 0) AS outputTokens, round(total(cost_usd), 9) AS costUsd
             FROM request_log WHERE_RANGE GROUP BY bucketStart ORDER BY bucketStart`,
            fromSql,
            toSql,
          ),
        );
      }
      for (const [by, key] of Object.entries(KEYS)) {
        const order = by === 'day' ? 'key' : 'costUsd DESC, requests DESC, key';
        expect(roundCost(usage.usageBy({ from, to, by: by as keyof typeof KEYS }))).toEqual(
          fromLog(
            db,
            `SELECT ${key} AS key, ${FULL} FROM request_log WHERE_RANGE GROUP BY key ORDER BY ${order}`,
            fromSql,
            toSql,
          ),
        );
      }
    }
  });
});
