import type { TokenLimits } from './contract.ts';

/** A token without budgets or limits: what `limits.get` answers for one that has none set. */
export const NO_LIMITS: Readonly<TokenLimits> = Object.freeze({
  dailyUsd: null,
  weeklyUsd: null,
  monthlyUsd: null,
  rpm: null,
  tpm: null,
  models: null,
  thenRoute: null,
});
