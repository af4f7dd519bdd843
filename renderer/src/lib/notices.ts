import type { AppEvents } from '../../../shared/contract.ts';
import { fallbackNotice } from '../format/attempts.ts';
import { budgetAlertText } from '../format/budget.ts';
import { i18n } from '../i18n/i18n.ts';
import { useLimitsStore } from '../stores/limits-store.ts';
import { useRouteActivityStore } from '../stores/route-activity-store.ts';
import { toast } from '../stores/toast-store.ts';
import { openLogEntry } from './open-logs.ts';
import { hashFor } from './routes.ts';

/**
 * Each request's fallback is told once, whichever way the event arrived (a reconnect resends).
 * A resent event follows the first closely: the last few hundred requests are enough to know,
 * and a window open for days does not keep every one.
 */
const told = new Set<string>();
const TOLD_KEPT = 500;

/** `route.fallback`: a notice that does not interrupt, with the way to the log entry. */
export function noticeFallback(event: AppEvents['route.fallback']): void {
  if (told.has(event.requestId)) return;
  told.add(event.requestId);
  // A set iterates in insertion order: its first is the oldest.
  if (told.size > TOLD_KEPT) told.delete(told.values().next().value ?? '');
  useRouteActivityStore.getState().onFallback(event.modelRoute);
  toast.info(fallbackNotice(event), {
    action: { label: i18n.t('notices.openLogEntry'), run: () => openLogEntry(event.requestId) },
  });
}

/** `budget.alert`: the notice, and the budget bars brought up to date. */
export function noticeBudget(alert: AppEvents['budget.alert']): void {
  useLimitsStore.getState().onAlert(alert);
  toast.warning(budgetAlertText(alert, Date.now()), {
    action: {
      label: i18n.t('notices.seeBudgets'),

      run: () => (window.location.hash = `${hashFor('usage')}`),
    },
  });
}
