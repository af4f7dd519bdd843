import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

describe('backoffDelay', () => {
  const options = { initialMs: 500, maxMs: 4000 };

  it('doubles from the initial delay and caps at the maximum', () => {
    const top = () => 1; // no jitter reduction
    expect([0, 1, 2, 3, 4, 10].map((n) => backoffDelay(n, options, top))).toEqual([
      500, 1000, 2000, 4000, 4000, 4000,
    ]);
  });

  it('jitters down to half at most', () => {
    expect(backoffDelay(1, options, () => 0)).toBe(500);
  });
});
