import { describe, expect, it } from 'vitest';
import type { TokenLimits } from '../../shared/contract.ts';
import { budgetWindow } from '../gateway/policy/limit-windows.ts';
import { BudgetAlerts } from './budget-alerts.ts';
import { NO_LIMITS } from '../../shared/no-limits.ts';

function setup(limits: TokenLimits) {
  const clock = { now: new Date(2026, 10, 27, 15).getTime() };
  const spent = { usd: 0 };
  const calls: [string, number, number][] = [];
  const alerts = new BudgetAlerts({
    limits: (id) => (id === 'tok_a' ? limits : undefined),
    tokenName: (id) => (id === 'tok_a' ? 'editor' : undefined),
    spend: {
      spentUsd: (id, from, to) => {
        calls.push([id, from, to]);
        return spent.usd;
      },
      reservedUsd: () => 0.5,
    },
    now: () => clock.now,
  });
  const take = (costUsd = 0.1, tokenId: string | null = 'tok_a') =>
    alerts.take([{ clientTokenId: tokenId, costUsd }]);
  return { clock, spent, calls, take };
}

describe('BudgetAlerts', () => {
  it('warns at 80 %, says when spent, each once per period', () => {
    const { spent, take, clock } = setup({ ...NO_LIMITS, dailyUsd: 10, thenRoute: 'cheap' });
    spent.usd = 7.9;
    expect(take()).toEqual([]);
    spent.usd = 8;
    const day = budgetWindow('day', clock.now);
    expect(take()).toEqual([
      {
        tokenId: 'tok_a',
        tokenName: 'editor',
        period: 'day',
        limitUsd: 10,
        spentUsd: 8,
        reservedUsd: 0.5,
        startsAt: day.start,
        resetsAt: day.end,
        thenRoute: 'cheap',
        level: 'warning',
      },
    ]);
    spent.usd = 9;
    expect(take()).toEqual([]);
    spent.usd = 10;
    expect(take().map((a) => a.level)).toEqual(['spent']);
    expect(take()).toEqual([]);
    // The next day is a new period: the same levels are news again.
    clock.now = day.end + 1;
    spent.usd = 12;
    expect(take().map((a) => [a.level, a.startsAt])).toEqual([['spent', day.end]]);
  });

  it('sends one alert for a budget spent in one step, not a late warning after it', () => {
    const { spent, take } = setup({ ...NO_LIMITS, weeklyUsd: 1 });
    spent.usd = 2;
    expect(take().map((a) => [a.period, a.level])).toEqual([['week', 'spent']]);
    expect(take()).toEqual([]);
  });

  it('looks only at tokens with budgets whose new requests cost something', () => {
    const { spent, take, calls } = setup({ ...NO_LIMITS, rpm: 60 });
    spent.usd = 100;
    expect(take()).toEqual([]);
    expect(take(0.1, 'tok_unknown')).toEqual([]);
    expect(take(0.1, null)).toEqual([]);
    expect(calls).toEqual([]);
    const budgeted = setup({ ...NO_LIMITS, monthlyUsd: 1 });
    budgeted.spent.usd = 5;
    expect(budgeted.take(0)).toEqual([]);
    expect(budgeted.calls).toEqual([]);
  });
});
