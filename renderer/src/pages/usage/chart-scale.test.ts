import { describe, expect, it } from 'vitest';
import { labelEvery, niceTicks } from './chart-scale.ts';

describe('niceTicks', () => {
  it('runs from 0 to a round number at or above the maximum', () => {
    expect(niceTicks(87)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(1_000)).toEqual([0, 250, 500, 750, 1_000]);
  });

  it('has only 0 when there is nothing to show', () => {
    expect(niceTicks(0)).toEqual([0]);
    expect(niceTicks(Number.NaN)).toEqual([0]);
  });
});

describe('labelEvery', () => {
  it('labels every bar when they fit, fewer when they do not', () => {
    expect(labelEvery(7, 700, 60)).toBe(1);
    expect(labelEvery(30, 600, 60)).toBe(3);
    expect(labelEvery(0, 600, 60)).toBe(1);
  });
});
