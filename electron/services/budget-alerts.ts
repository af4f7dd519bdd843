import type { AppEvents, TokenLimits } from '../../shared/contract.ts';
import { budgetStatuses, hasBudget, type SpendSource } from './budget-status.ts';

export type BudgetAlert = AppEvents['budget.alert'];

/** A budget is worth a word once 80 % of it is spent, and again when all of it is. */
const WARNING_SHARE = 0.8;

export interface BudgetAlertSources {
  /** The token's limits; undefined when it has none. */
  limits(tokenId: string): TokenLimits | undefined;
  /** The token's name; undefined for a token that is gone. */
  tokenName(tokenId: string): string | undefined;
  spend: SpendSource;
  now: () => number;
}

/**
 * Says when a token's spend passes 80 % of a budget or reaches it, once per token, period,
 * period start and level: kept in memory, so a restart may say it once more, which is harmless.
 * Looks only at tokens whose newly written requests cost something, so a batch of log rows
 * costs a few indexed sums at most.
 */
export class BudgetAlerts {
  private readonly sources: BudgetAlertSources;
  /** Alerts already sent, with when their period ends (then they can be forgotten). */
  private readonly sent = new Map<string, number>();

  constructor(sources: BudgetAlertSources) {
    this.sources = sources;
  }

  /** The alerts the newly written rows call for. */
  take(rows: readonly { clientTokenId: string | null; costUsd: number | null }[]): BudgetAlert[] {
    const now = this.sources.now();
    this.forgetEnded(now);
    const tokens = new Set<string>();
    for (const row of rows)
      if (row.clientTokenId !== null && (row.costUsd ?? 0) > 0) tokens.add(row.clientTokenId);
    const alerts: BudgetAlert[] = [];
    for (const tokenId of tokens) {
      const limits = this.sources.limits(tokenId);
      if (!limits || !hasBudget(limits)) continue;
      const name = this.sources.tokenName(tokenId);
      if (name === undefined) continue;
      for (const status of budgetStatuses({ id: tokenId, name }, limits, this.sources.spend, now)) {
        const level =
          status.spentUsd >= status.limitUsd
            ? 'spent'
            : status.spentUsd >= status.limitUsd * WARNING_SHARE
              ? 'warning'
              : null;
        if (level === null) continue;
        const key = `${tokenId}\u0000${status.period}\u0000${status.startsAt}`;
        if (this.sent.has(`${key}\u0000${level}`)) continue;
        // A budget spent in one step gets one alert: the warning it skipped is not sent later.
        this.sent.set(`${key}\u0000warning`, status.resetsAt);
        if (level === 'spent') this.sent.set(`${key}\u0000spent`, status.resetsAt);
        alerts.push({ ...status, level });
      }
    }
    return alerts;
  }

  private forgetEnded(now: number): void {
    for (const [key, resetsAt] of this.sent) if (resetsAt <= now) this.sent.delete(key);
  }
}
