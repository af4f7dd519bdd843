import { describe, expect, it } from 'vitest';
import { rangeParams } from './usage-range-sql.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const D = Date.UTC(2025, 3, 7);
const EMPTY = [0, 0];

/** The parts as [from, to] pairs, for reading. */
const parts = (range: { from?: number; to?: number }, days = true): Record<string, number[]> => {
  const params = rangeParams(range, days);
  return Object.fromEntries(
    ['days', 'hoursHead', 'hoursTail', 'logHead', 'logTail'].map((part) => [
      part,
      [params[`${part}From`], params[`${part}To`]] as number[],
    ]),
  );
};

describe('rangeParams', () => {
  it('reads whole days from the daily totals, the hours around them hourly, the rest from the log', () => {
    const from = D + 5 * HOUR + 17;
    const to = D + 3 * DAY + 2 * HOUR + 5;
    expect(parts({ from, to })).toEqual({
      days: [D + DAY, D + 3 * DAY],
      hoursHead: [D + 6 * HOUR, D + DAY],
      hoursTail: [D + 3 * DAY, D + 3 * DAY + 2 * HOUR],
      logHead: [from, D + 6 * HOUR],
      logTail: [D + 3 * DAY + 2 * HOUR, to],
    });
  });

  it('reads no days when asked for hours, and no totals within one hour', () => {
    expect(parts({ from: D, to: D + 3 * DAY }, false)).toEqual({
      days: EMPTY,
      hoursHead: [D, D + 3 * DAY],
      hoursTail: EMPTY,
      logHead: [D, D],
      logTail: [D + 3 * DAY, D + 3 * DAY],
    });
    expect(parts({ from: D + 10, to: D + HOUR + 5 })).toEqual({
      days: EMPTY,
      hoursHead: EMPTY,
      hoursTail: EMPTY,
      logHead: [D + 10, D + HOUR + 5],
      logTail: EMPTY,
    });
  });

  it('reads hours only when no whole day is inside', () => {
    expect(parts({ from: D + HOUR, to: D + DAY + HOUR })).toMatchObject({
      days: EMPTY,
      hoursHead: [D + HOUR, D + DAY + HOUR],
    });
  });

  it('reaches as far as the totals go on an open side', () => {
    const open = parts({ to: D + 30 });
    expect(open.days).toEqual([Number.MIN_SAFE_INTEGER, D]);
    expect(open.hoursHead?.[0]).toBe(open.hoursHead?.[1]);
    expect(open.hoursTail).toEqual([D, D]);
    expect(open.logTail).toEqual([D, D + 30]);
    expect(parts({}).days).toEqual([Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
  });
});
