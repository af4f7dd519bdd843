import type { TokenLimits } from '../../../shared/contract.ts';

export type { TokenLimits } from '../../../shared/contract.ts';

export type BudgetPeriod = 'day' | 'week' | 'month';

/**
 * What a request may cost at worst, reserved before it goes upstream: its input estimate plus its
 * output cap, priced with the dearest tariff it may be answered under.
 */
export interface Charge {
  usd: number;
  tokens: number;
}

/** The counters a token's limits keep, each over its own window. */
export type LimitCounter = 'usd' | 'requests' | 'tokens';

/** One counter's share of a reservation: what the request holds of it, in which window. */
export interface HeldClaim {
  counter: LimitCounter;
  /** The budget period (for `usd`) or the minute (for the rates) the request counts in. */
  windowStart: number;
  amount: number;
}

/**
 * What an admitted request holds against its token's limits until it is settled: the budgets'
 * share is settled when its log row (with the metered cost) is written, the rates' when it ends.
 */
export interface LimitHold {
  tokenId: string;
  claims: HeldClaim[];
}

/** Why a request was refused: which limit, and the numbers a person needs to understand it. */
export type LimitRefusal =
  | {
      kind: 'budget';
      period: BudgetPeriod;
      limitUsd: number;
      spentUsd: number;
      reservedUsd: number;
      resetsAt: number;
    }
  | {
      kind: 'rate';
      limit: 'rpm' | 'tpm';
      max: number;
      used: number;
      resetsAt: number;
    };

/**
 * The shared account of what each token has used, kept where every gateway process on the data
 * dir sees it (the store implements it). Checking must cost next to nothing when the process
 * already holds room for the request: it is on every limited request's path.
 */
export interface LimitLedger {
  /**
   * Reserves the charge against each of the token's limits, or says which limit refuses it.
   * `budgets: false` skips the spend budgets (a budget's "then use route X" is under way).
   */
  reserve(
    tokenId: string,
    limits: TokenLimits,
    charge: Charge,
    options: { now: number; budgets: boolean },
  ): LimitHold | LimitRefusal;
  /**
   * The request is over: frees what it held of the per-minute counters beyond what it used.
   * Its budget share stays held until its log row is written with the metered cost.
   */
  release(hold: LimitHold, used: { tokens: number }): void;
}

/** Whether a token has any limit that needs the ledger (an allow list alone does not). */
export const hasCountedLimits = (limits: TokenLimits): boolean =>
  limits.dailyUsd !== null ||
  limits.weeklyUsd !== null ||
  limits.monthlyUsd !== null ||
  limits.rpm !== null ||
  limits.tpm !== null;

export const isRefusal = (value: LimitHold | LimitRefusal): value is LimitRefusal =>
  'kind' in value;
