import { describe, expect, it } from 'vitest';
import type { UsagePoint } from '../../../shared/contract.ts';
import { bucketFor, fillSeries, resolveRange } from './usage-range.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function point(bucketStart: number, requests = 1): UsagePoint {
  return { bucketStart, requests, inputTokens: 10, outputTokens: 5, costUsd: 0.01 };
}

describe('resolveRange', () => {
  const now = Date.UTC(2026, 2, 10, 12);

  it('uses hours for 24h and days for a week or a month', () => {
    expect(resolveRange('24h', { from: '', to: '' }, now)).toEqual({
      from: now - DAY,
      to: now,
      bucket: 'hour',
    });
    expect(resolveRange('7d', { from: '', to: '' }, now)?.bucket).toBe('day');
    expect(resolveRange('30d', { from: '', to: '' }, now)?.from).toBe(now - 30 * DAY);
  });

  it('takes custom dates as whole local days', () => {
    const range = resolveRange('custom', { from: '2026-03-01', to: '2026-03-02' }, now);
    expect(range?.from).toBe(new Date(2026, 2, 1).getTime());
    expect(range?.to).toBe(new Date(2026, 2, 3).getTime());
    expect(range?.bucket).toBe('hour');
  });

  it('refuses a custom range that ends before it starts', () => {
    expect(resolveRange('custom', { from: '2026-03-05', to: '2026-03-01' }, now)).toBe(null);
    expect(resolveRange('custom', { from: 'nope', to: '2026-03-01' }, now)).toBe(null);
  });

  it('switches bucket above two days', () => {
    expect(bucketFor(0, 2 * DAY)).toBe('hour');
    expect(bucketFor(0, 2 * DAY + 1)).toBe('day');
  });
});

describe('fillSeries', () => {
  it('adds zero buckets for quiet hours across the whole range', () => {
    const base = Date.UTC(2026, 0, 1, 10);
    const filled = fillSeries(
      [point(base + 2 * HOUR, 3), point(base, 1)],
      { from: base - 30 * 60_000, to: base + 4 * HOUR },
      'hour',
    );
    expect(filled.map((p) => (p.bucketStart - base) / HOUR)).toEqual([-1, 0, 1, 2, 3]);
    expect(filled.map((p) => p.requests)).toEqual([0, 1, 0, 3, 0]);
  });

  it('stays empty without data', () => {
    expect(fillSeries([], { from: 0, to: DAY }, 'hour')).toEqual([]);
  });

  it('keeps a bucket an hour off the day grid (DST) instead of doubling it', () => {
    const base = Date.UTC(2026, 2, 1);
    const filled = fillSeries(
      [point(base), point(base + 2 * DAY - HOUR)],
      { from: base, to: base + 3 * DAY },
      'day',
    );
    expect(filled).toHaveLength(3);
    expect(filled.map((p) => p.requests)).toEqual([1, 0, 1]);
    expect(filled[2]?.bucketStart).toBe(base + 2 * DAY - HOUR);
  });
});
