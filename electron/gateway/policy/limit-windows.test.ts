import { describe, expect, it } from 'vitest';
import { budgetWindow, minuteWindow } from './limit-windows.ts';

const local = (y: number, m: number, d: number, h = 0, min = 0): number =>
  new Date(y, m - 1, d, h, min).getTime();

describe('budget windows', () => {
  it('a day runs from local midnight to the next', () => {
    const window = budgetWindow('day', local(2026, 11, 27, 15, 30));
    expect(new Date(window.start).getHours()).toBe(0);
    expect(window.start).toBe(Math.floor(local(2026, 11, 27) / 3_600_000) * 3_600_000);
    expect(window.end).toBe(Math.floor(local(2026, 11, 28) / 3_600_000) * 3_600_000);
  });

  it('a week starts on Monday, also when today is Sunday', () => {
    // 2026-11-29 is a Sunday; its week began on Monday the 23rd.
    const sunday = budgetWindow('week', local(2026, 11, 29, 23, 59));
    expect(new Date(sunday.start).getDate()).toBe(23);
    expect(new Date(sunday.end).getDate()).toBe(30);
    const monday = budgetWindow('week', local(2026, 11, 30, 0, 0));
    expect(monday.start).toBe(sunday.end);
  });

  it('a month runs to the first of the next, across a year', () => {
    const window = budgetWindow('month', local(2026, 12, 31, 23));
    expect(new Date(window.start).getMonth()).toBe(11);
    expect(new Date(window.end).getFullYear()).toBe(2027);
    expect(new Date(window.end).getMonth()).toBe(0);
  });

  it('the next window begins where the last ended (rollover)', () => {
    const today = budgetWindow('day', local(2026, 11, 27, 23, 59));
    const tomorrow = budgetWindow('day', today.end);
    expect(tomorrow.start).toBe(today.end);
  });

  it('a minute is a calendar minute', () => {
    const window = minuteWindow(Date.UTC(2026, 10, 27, 10, 5, 42, 500));
    expect(window.start).toBe(Date.UTC(2026, 10, 27, 10, 5));
    expect(window.end - window.start).toBe(60_000);
  });
});
