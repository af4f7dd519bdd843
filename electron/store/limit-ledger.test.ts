import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import {
  isRefusal,
  type LimitHold,
  type LimitRefusal,
  type TokenLimits,
} from '../gateway/policy/limits.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { DATABASE_FILE } from './open-store.ts';
import { SqliteLimitLedger } from './limit-ledger.ts';
import { NO_LIMITS } from '../../shared/no-limits.ts';

const limits = (patch: Partial<TokenLimits>): TokenLimits => ({ ...NO_LIMITS, ...patch });

/** A local time, as budgets count days in local time. */
const at = (y: number, m: number, d: number, h = 12, min = 0): number =>
  new Date(y, m - 1, d, h, min).getTime();

const TOKEN = 'tok_agent';
const NOON = at(2026, 11, 27, 12);

let temp: TempStore;
let ledger: SqliteLimitLedger;

/** The store's log writer settles what the ledger held, as open-store wires it for the app. */
function ledgerOn(db: Database.Database, writer?: TempStore['store']['logWriter']) {
  const made = new SqliteLimitLedger(db, { now: () => temp.clock.now, refreshMs: 60_000 });
  writer?.addBatchHook({
    inTransaction: (records) => made.settleInTransaction(records),
    afterCommit: (records) => made.settledInMemory(records),
  });
  return made;
}

beforeEach(() => {
  temp = openTempStore();
  temp.clock.now = NOON;
  ledger = ledgerOn(temp.store.db, temp.store.logWriter);
});
afterEach(() => {
  ledger.close();
  temp.dispose();
});

const reserve = (
  l: SqliteLimitLedger,
  tokenLimits: TokenLimits,
  usd: number,
  now = NOON,
  tokens = 100,
): LimitHold | LimitRefusal =>
  l.reserve(TOKEN, tokenLimits, { usd, tokens }, { now, budgets: true });

/** Writes the request's row as the gateway does when it ends: its cost, and what it held. */
function finish(hold: LimitHold, costUsd: number, startedAt = NOON): void {
  temp.store.logWriter.enqueue(
    sampleRecord({ clientTokenId: TOKEN, startedAt, costUsd, limitHold: hold }),
  );
  temp.store.logWriter.flush();
}

describe('budgets', () => {
  it('a burst of 50 against room for 10 admits 10', () => {
    const daily = limits({ dailyUsd: 1 });
    const results = Array.from({ length: 50 }, () => reserve(ledger, daily, 0.1));
    expect(results.filter((r) => !isRefusal(r))).toHaveLength(10);
    const refusal = results.at(-1);
    expect(refusal && isRefusal(refusal) && refusal.kind).toBe('budget');
  });

  it('overspends by at most one reservation when the last does not fit', () => {
    const admitted = Array.from({ length: 20 }, () =>
      reserve(ledger, limits({ dailyUsd: 1 }), 0.3),
    ).filter((r) => !isRefusal(r));
    // 0.9 held leaves room, so a fourth is admitted; it may cost up to 0.2 more than the budget.
    expect(admitted).toHaveLength(4);
  });

  it('settles each request with its metered cost when its row is written', () => {
    const daily = limits({ dailyUsd: 1 });
    const first = reserve(ledger, daily, 0.4);
    if (isRefusal(first)) throw new Error('refused');
    finish(first, 0.05);
    expect(ledger.reservedUsd(TOKEN, first.claims[0]!.windowStart)).toBeCloseTo(0, 9);
    // 0.95 left: eleven requests of at most 0.09 fit, a twelfth cannot (0.99 + 0.09 > 1 is
    // admitted only while room is left: 0.95 - 0.99 < 0 refuses it).
    const more = Array.from({ length: 20 }, () => reserve(ledger, daily, 0.09));
    expect(more.filter((r) => !isRefusal(r))).toHaveLength(11);
  });

  it('says what is spent, what is held and when it resets', () => {
    const daily = limits({ dailyUsd: 1 });
    const spentOne = reserve(ledger, daily, 0.6);
    if (isRefusal(spentOne)) throw new Error('refused');
    finish(spentOne, 0.7);
    reserve(ledger, daily, 0.3);
    const refusal = reserve(ledger, daily, 0.1);
    expect(isRefusal(refusal)).toBe(true);
    if (!isRefusal(refusal) || refusal.kind !== 'budget') throw new Error('not a budget refusal');
    expect(refusal.period).toBe('day');
    expect(refusal.spentUsd).toBeCloseTo(0.7, 9);
    expect(refusal.reservedUsd).toBeCloseTo(0.3, 9);
    expect(refusal.resetsAt).toBe(Math.floor(at(2026, 11, 28, 0) / 3_600_000) * 3_600_000);
  });

  it('a day that rolls over starts the budget afresh', () => {
    const daily = limits({ dailyUsd: 1 });
    const lateHold = reserve(ledger, daily, 1, at(2026, 11, 27, 23, 58));
    if (isRefusal(lateHold)) throw new Error('refused');
    finish(lateHold, 1.2, at(2026, 11, 27, 23, 58));
    expect(isRefusal(reserve(ledger, daily, 0.01, at(2026, 11, 27, 23, 59)))).toBe(true);
    expect(isRefusal(reserve(ledger, daily, 0.01, at(2026, 11, 28, 0, 0)))).toBe(false);
  });

  it('a week and a month count what the days spent', () => {
    const both = limits({ dailyUsd: 10, weeklyUsd: 1.5 });
    const monday = reserve(ledger, both, 1, at(2026, 11, 23, 10));
    if (isRefusal(monday)) throw new Error('refused');
    finish(monday, 1, at(2026, 11, 23, 10));
    // Thursday: a new day, the same week.
    const thursday = reserve(ledger, both, 1, at(2026, 11, 26, 10));
    expect(isRefusal(thursday)).toBe(false);
    if (isRefusal(thursday)) return;
    finish(thursday, 1, at(2026, 11, 26, 10));
    const refusal = reserve(ledger, both, 0.1, at(2026, 11, 27, 10));
    expect(isRefusal(refusal) && refusal.kind === 'budget' && refusal.period).toBe('week');
  });

  it('holds a sliver for a request without a tariff, so a spent budget stops it too', () => {
    const daily = limits({ dailyUsd: 0.5 });
    const hold = reserve(ledger, daily, 0.5);
    if (isRefusal(hold)) throw new Error('refused');
    finish(hold, 0.5);
    expect(isRefusal(reserve(ledger, daily, 0))).toBe(true);
  });
});

describe('per-minute limits', () => {
  it('requests per minute: refused past the limit until the next minute', () => {
    const rpm = limits({ rpm: 3 });
    const minute = Math.floor(NOON / 60_000) * 60_000;
    const results = [0, 1, 2, 3].map(() => reserve(ledger, rpm, 0, minute + 5_000));
    expect(results.slice(0, 3).every((r) => !isRefusal(r))).toBe(true);
    const refusal = results[3];
    expect(refusal && isRefusal(refusal) && refusal.kind === 'rate' && refusal.resetsAt).toBe(
      minute + 60_000,
    );
    expect(isRefusal(reserve(ledger, rpm, 0, minute + 60_000))).toBe(false);
  });

  it('tokens per minute count what requests used, not their worst case', () => {
    const tpm = limits({ tpm: 10_000 });
    const big = reserve(ledger, tpm, 0, NOON, 9_000);
    if (isRefusal(big)) throw new Error('refused');
    expect(isRefusal(reserve(ledger, tpm, 0, NOON, 2_000))).toBe(false);
    // 11,000 counted: no room left this minute.
    expect(isRefusal(reserve(ledger, tpm, 0, NOON, 1))).toBe(true);
    ledger.release(big, { tokens: 1_000 });
    expect(isRefusal(reserve(ledger, tpm, 0, NOON, 2_000))).toBe(false);
  });
});

describe('several gateway processes on one data dir', () => {
  let other: Database.Database;
  let second: SqliteLimitLedger;

  beforeEach(() => {
    other = new Database(join(temp.dir, DATABASE_FILE), { timeout: 5_000 });
    second = ledgerOn(other);
  });
  afterEach(() => {
    second.close();
    other.close();
  });

  it('their claims never add up to more than the budget and one reservation', () => {
    const daily = limits({ dailyUsd: 1 });
    let admitted = 0;
    for (let i = 0; i < 40; i += 1) {
      const which = i % 2 === 0 ? ledger : second;
      if (!isRefusal(reserve(which, daily, 0.07))) admitted += 1;
    }
    // Fourteen fit in the dollar (0.98); a fifteenth is admitted while 0.02 is left.
    expect(admitted).toBeGreaterThanOrEqual(14);
    expect(admitted * 0.07).toBeLessThanOrEqual(1 + 0.07);
  });

  it('a process sees what another spent', () => {
    const daily = limits({ dailyUsd: 1 });
    const hold = reserve(ledger, daily, 1);
    if (isRefusal(hold)) throw new Error('refused');
    finish(hold, 1);
    expect(isRefusal(reserve(second, daily, 0.01))).toBe(true);
  });

  it('room one process took ahead goes back once it is idle', () => {
    const rpm = limits({ rpm: 8 });
    reserve(ledger, rpm, 0);
    // The first took more than its one request ahead; the second gets what is left.
    const before = [0, 1, 2, 3, 4, 5, 6, 7].filter(() => !isRefusal(reserve(second, rpm, 0)));
    expect(before.length).toBeLessThan(7);
    temp.clock.now = NOON + 1_500;
    ledger.refresh();
    const after = [0, 1, 2, 3, 4, 5, 6, 7].filter(
      () => !isRefusal(reserve(second, rpm, 0, NOON + 1_500)),
    );
    expect(before.length + after.length).toBe(7);
  });

  it('the claims of a process that died expire', () => {
    const daily = limits({ dailyUsd: 1 });
    expect(isRefusal(reserve(second, daily, 1))).toBe(false);
    expect(isRefusal(reserve(ledger, daily, 0.1))).toBe(true);
    // 30 s later the second process has not renewed its claim: it is dead, its room is free.
    expect(isRefusal(reserve(ledger, daily, 0.1, NOON + 31_000))).toBe(false);
  });

  it('a process that stops gives its claims back', () => {
    const daily = limits({ dailyUsd: 1 });
    expect(isRefusal(reserve(second, daily, 1))).toBe(false);
    second.close();
    expect(isRefusal(reserve(ledger, daily, 0.5))).toBe(false);
  });
});
