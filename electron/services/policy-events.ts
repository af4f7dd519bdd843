import type { AppEvents } from '../../shared/contract.ts';
import type { Store } from '../store/index.ts';
import { BudgetAlerts } from './budget-alerts.ts';
import { storeSpend } from './budget-status.ts';
import { RouteFallbackNotices } from './route-fallback-notices.ts';

type PolicyEvent = 'route.fallback' | 'budget.alert';

/**
 * `route.fallback` and `budget.alert` from the request log's rows as they are written: both are
 * about requests that have ended, and their rows say what happened and what it cost. Returns
 * the unsubscribe.
 */
export function emitPolicyEvents(
  store: Store,
  emit: <E extends PolicyEvent>(event: E, payload: AppEvents[E]) => void,
  now: () => number = Date.now,
): () => void {
  const fallbacks = new RouteFallbackNotices(now);
  const budgets = new BudgetAlerts({
    limits: (tokenId) => store.tokenLimits.get(tokenId),
    tokenName: (tokenId) => store.tokens.list().find((t) => t.id === tokenId)?.name,
    spend: storeSpend(store),
    now,
  });
  return store.logWriter.onFlushed((rows) => {
    for (const notice of fallbacks.take(rows)) emit('route.fallback', notice);
    for (const alert of budgets.take(rows)) emit('budget.alert', alert);
  });
}
