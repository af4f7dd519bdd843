import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetStatus, TokenLimits } from '../../../shared/contract.ts';
import { ApiError } from '../api/api-error.ts';

const call = vi.fn();
vi.mock('../api/index.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  getApi: () => ({ call }),
}));

const { budgetsOf, useLimitsStore } = await import('./limits-store.ts');

const LIMITS: TokenLimits = {
  dailyUsd: 5,
  weeklyUsd: null,
  monthlyUsd: null,
  rpm: 60,
  tpm: null,
  models: null,
  thenRoute: null,
};

const budget = (tokenId: string, tokenName: string, period: BudgetStatus['period']) => ({
  tokenId,
  tokenName,
  period,
  limitUsd: 5,
  spentUsd: 1,
  reservedUsd: 0,
  startsAt: 0,
  resetsAt: 1,
  thenRoute: null,
});

describe('the limits store', () => {
  beforeEach(() => {
    call.mockReset();
    useLimitsStore.setState({
      budgets: [],
      budgetsStatus: 'idle',
      budgetsError: null,
      limits: {},
      limitsErrors: {},
    });
  });

  it('finds a token’s budgets by id, or by name as a tool knows its token, daily first', () => {
    const all = [
      budget('t1', 'codex', 'month'),
      budget('t2', 'shell', 'day'),
      budget('t1', 'codex', 'day'),
    ];
    expect(budgetsOf(all, { id: 't1' }).map((b) => b.period)).toEqual(['day', 'month']);
    expect(budgetsOf(all, { name: 'shell' }).map((b) => b.tokenId)).toEqual(['t2']);
  });

  it('reads each token’s limits, keeping those that fail apart with the reason', async () => {
    call.mockImplementation((_method: string, params: { tokenId: string }) =>
      params.tokenId === 't1'
        ? Promise.resolve(LIMITS)
        : Promise.reject(new ApiError('not_found', 'No token with id t2.')),
    );
    await useLimitsStore.getState().loadLimits(['t1', 't2']);
    expect(useLimitsStore.getState().limits).toEqual({ t1: LIMITS });
    expect(useLimitsStore.getState().limitsErrors).toEqual({ t2: 'No token with id t2.' });
  });

  it('keeps the bars shown when reading the budgets again fails', async () => {
    call.mockResolvedValueOnce([budget('t1', 'codex', 'day')]);
    await useLimitsStore.getState().loadBudgets();
    call.mockRejectedValueOnce(new ApiError('internal', 'store busy'));
    await useLimitsStore.getState().loadBudgets();
    expect(useLimitsStore.getState()).toMatchObject({
      budgetsStatus: 'ready',
      budgetsError: 'store busy',
    });
    expect(useLimitsStore.getState().budgets).toHaveLength(1);
  });

  it('saves limits and reads the budgets again', async () => {
    call.mockImplementation((method: string) =>
      Promise.resolve(method === 'limits.set' ? LIMITS : []),
    );
    await useLimitsStore.getState().saveLimits('t1', LIMITS);
    expect(call).toHaveBeenCalledWith('limits.set', { tokenId: 't1', limits: LIMITS });
    expect(call).toHaveBeenCalledWith('limits.status');
    expect(useLimitsStore.getState().limits.t1).toEqual(LIMITS);
  });
});
