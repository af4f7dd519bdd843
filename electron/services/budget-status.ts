import type { BudgetStatus, TokenLimits } from '../../shared/contract.ts';
import { budgetWindow } from '../gateway/policy/limit-windows.ts';
import type { BudgetPeriod } from '../gateway/policy/limits.ts';
import type { Store } from '../store/index.ts';

/** Where a budget's figures come from: the metered spend, and what requests in flight hold. */
export interface SpendSource {
  /** Metered (estimated) cost of the token's requests in `[from, to)`. */
  spentUsd(tokenId: string, from: number, to: number): number;
  /** What the token's requests still in flight hold of the budget whose window starts then. */
  reservedUsd(tokenId: string, windowStart: number): number;
}

const BUDGETS: readonly (readonly [BudgetPeriod, 'dailyUsd' | 'weeklyUsd' | 'monthlyUsd'])[] = [
  ['day', 'dailyUsd'],
  ['week', 'weeklyUsd'],
  ['month', 'monthlyUsd'],
];

/** The store's answers: the hourly totals (an indexed sum) and the shared ledger. */
export const storeSpend = (store: Store): SpendSource => ({
  spentUsd: (tokenId, from, to) => store.usage.tokenSpend(tokenId, from, to),
  reservedUsd: (tokenId, windowStart) => store.limitLedger.reservedUsd(tokenId, windowStart),
});

/** Each budget the token has (day, week, month), in its current period. */
export function budgetStatuses(
  token: { id: string; name: string },
  limits: TokenLimits,
  spend: SpendSource,
  now: number,
): BudgetStatus[] {
  const statuses: BudgetStatus[] = [];
  for (const [period, field] of BUDGETS) {
    const limitUsd = limits[field];
    if (limitUsd === null) continue;
    const window = budgetWindow(period, now);
    statuses.push({
      tokenId: token.id,
      tokenName: token.name,
      period,
      limitUsd,
      spentUsd: spend.spentUsd(token.id, window.start, window.end),
      reservedUsd: spend.reservedUsd(token.id, window.start),
      startsAt: window.start,
      resetsAt: window.end,
      thenRoute: limits.thenRoute,
    });
  }
  return statuses;
}

/** Whether the token has any spend budget (rates and allow lists are not budgets). */
export const hasBudget = (limits: TokenLimits): boolean =>
  BUDGETS.some(([, field]) => limits[field] !== null);
