import type { BudgetPeriod } from './limits.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export interface LimitWindow {
  start: number;
  /** Exclusive: when the limit resets. */
  end: number;
}

/**
 * Spend is kept in hourly totals, so a budget period is whole hours: its start is the local
 * midnight (of the day, the week's Monday, the month's first), floored to the hour. Only where
 * the offset from UTC is not whole hours (India, Nepal, …) does that start the period up to 45
 * minutes before local midnight.
 */
export function budgetWindow(period: BudgetPeriod, now: number): LimitWindow {
  const date = new Date(now);
  const year = date.getFullYear();
  const month = date.getMonth();
  const day = date.getDate();
  let start: Date;
  let end: Date;
  if (period === 'day') {
    start = new Date(year, month, day);
    end = new Date(year, month, day + 1);
  } else if (period === 'week') {
    // getDay() is 0 on Sunday; weeks start on Monday.
    const sinceMonday = (date.getDay() + 6) % 7;
    start = new Date(year, month, day - sinceMonday);
    end = new Date(year, month, day - sinceMonday + 7);
  } else {
    start = new Date(year, month, 1);
    end = new Date(year, month + 1, 1);
  }
  return { start: floorHour(start.getTime()), end: floorHour(end.getTime()) };
}

/** Requests and tokens per minute count in calendar minutes. */
export function minuteWindow(now: number): LimitWindow {
  const start = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return { start, end: start + MINUTE_MS };
}

const floorHour = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;
