import { describe, expect, it } from 'vitest';
import { reasoningBudgetToEffort } from './reasoning-budget-to-effort.ts';

describe('reasoningBudgetToEffort', () => {
  it.each([
    [0, 'none'],
    [1, 'low'],
    [1024, 'low'],
    [1025, 'medium'],
    [8192, 'medium'],
    [8193, 'high'],
    [32768, 'high'],
    [-1, undefined],
  ])('%i tokens → %s', (budget, effort) => {
    expect(reasoningBudgetToEffort(budget)).toBe(effort);
  });
});
