import { describe, expect, it } from 'vitest';
import { effortFromBudget } from './map-thinking-budget.ts';

describe('thinking budget → effort', () => {
  it.each([
    [0, 'none'],
    [1, 'low'],
    [1024, 'low'],
    [1025, 'medium'],
    [8192, 'medium'],
    [8193, 'high'],
    [32768, 'high'],
  ])('%i tokens → %s', (budget, effort) => {
    expect(effortFromBudget(budget)).toBe(effort);
  });

  it('leaves the dynamic budget (-1) to the model', () => {
    expect(effortFromBudget(-1)).toBeUndefined();
  });
});
