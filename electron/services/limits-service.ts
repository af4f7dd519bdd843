import type { BudgetStatus, TokenLimits } from '../../shared/contract.ts';
import type { Store } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import { budgetStatuses, hasBudget, storeSpend } from './budget-status.ts';
import { NO_LIMITS } from '../../shared/no-limits.ts';
import { errorText } from '../../shared/error-text.ts';

/**
 * Budgets and limits per local token: the person's settings, and how much of each budget is
 * spent. The gateway enforces them; this only reads and writes them.
 */
export class LimitsService {
  private readonly store: Store;
  private readonly now: () => number;

  constructor(store: Store, now: () => number = Date.now) {
    this.store = store;
    this.now = now;
  }

  get(tokenId: string): TokenLimits {
    if (!this.store.tokens.list().some((t) => t.id === tokenId))
      throw new AppError('not_found', `No token with id '${tokenId}'.`, {
        i18n: errorText('settings.errors.tokens.notFound', { id: tokenId }),
      });
    return { ...NO_LIMITS, ...this.store.tokenLimits.get(tokenId) };
  }

  /** The store refuses (nothing changed) an unknown or revoked token and a then-route that is no route. */
  set(tokenId: string, limits: TokenLimits): TokenLimits {
    this.store.tokenLimits.set(tokenId, limits);
    return this.get(tokenId);
  }

  /** Every budget of every active token, in its current period. */
  status(): BudgetStatus[] {
    // Rows still queued would be missing from the spend of a request that just ended.
    this.store.logWriter.flush();
    const now = this.now();
    const spend = storeSpend(this.store);
    const statuses: BudgetStatus[] = [];
    for (const token of this.store.tokens.list()) {
      if (token.revokedAt !== null) continue;
      const limits = this.store.tokenLimits.get(token.id);
      if (!limits || !hasBudget(limits)) continue;
      statuses.push(...budgetStatuses(token, limits, spend, now));
    }
    return statuses;
  }
}
