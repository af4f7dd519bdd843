import type { AppEvents, BudgetStatus } from '../../../shared/contract.ts';
import { i18n } from '../i18n/i18n.ts';
import { currentLocale } from '../i18n/locale.ts';
import { formatCost, formatWholeUsd } from './cost.ts';

type Period = BudgetStatus['period'];

/** The budget named in a sentence ("daily budget"), and as a label ("Daily budget"). */
const BUDGET_NOUN: Readonly<Record<Period, () => string>> = {
  day: () => i18n.t('format.budget.noun.day'),
  week: () => i18n.t('format.budget.noun.week'),
  month: () => i18n.t('format.budget.noun.month'),
};
const BUDGET_LABEL: Readonly<Record<Period, () => string>> = {
  day: () => i18n.t('format.budget.label.day'),
  week: () => i18n.t('format.budget.label.week'),
  month: () => i18n.t('format.budget.label.month'),
};

const formatters = new Map<string, Intl.DateTimeFormat>();
// Dates in the UI's language unless a caller names one (the tests do).
function formatter(
  locale: string = currentLocale(),
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, cached);
  }
  return cached;
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };

/**
 * When a budget resets, as a phrase that follows "until" or "resets": "00:00" within the next
 * 24 hours, else "Mon, Mar 3, 00:00".
 */
export function formatResetTime(resetsAt: number, now: number, locale?: string): string {
  const clock = formatter(locale, CLOCK).format(resetsAt);
  if (resetsAt - now <= 86_400_000) return clock;
  return `${formatter(locale, DAY).format(resetsAt)}, ${clock}`;
}

/** Whole percent spent, never rounded up to a limit not reached (79.99 % is 79 %). */
export function spentPercent(spentUsd: number, limitUsd: number): number {
  if (limitUsd <= 0) return 0;
  return Math.floor((spentUsd / limitUsd) * 100 + 1e-6);
}

/**
 * The notice for `budget.alert`: "Token 'codex' has used 80 % of its daily budget: $4.02 of
 * $5.00; resets at 00:00." or "Token 'codex' has spent its daily budget ($5.01 of $5.00);
 * requests are refused until 00:00." (or "… go to route 'cheap' until 00:00.").
 */
export function budgetAlertText(
  alert: AppEvents['budget.alert'],
  now: number,
  locale?: string,
): string {
  const values = {
    token: alert.tokenName,
    budget: BUDGET_NOUN[alert.period](),
    spent: formatCost(alert.spentUsd),
    limit: formatCost(alert.limitUsd),
    until: formatResetTime(alert.resetsAt, now, locale),
  };
  if (alert.level === 'warning')
    return i18n.t('format.budget.alert.warning', {
      ...values,
      percent: spentPercent(alert.spentUsd, alert.limitUsd),
    });
  return alert.thenRoute
    ? i18n.t('format.budget.alert.spentRoute', { ...values, route: alert.thenRoute })
    : i18n.t('format.budget.alert.spentRefused', values);
}

/** How full a budget is, for its bar: the shares of the limit spent and reserved, and its state. */
export interface BudgetView {
  label: string;
  /** Percent of the limit, clamped to 0–100, for drawing. */
  spentShare: number;
  reservedShare: number;
  percent: number;
  level: 'ok' | 'warning' | 'spent';
  /** "$4.02 of $5.00" (and "+ $0.10 reserved" when requests are in flight). */
  amounts: string;
  resets: string;
  /** What happens once it is spent. */
  then: string;
}

export function budgetView(budget: BudgetStatus, now: number, locale?: string): BudgetView {
  const limit = budget.limitUsd;
  const share = (usd: number) => (limit > 0 ? Math.max(0, Math.min(100, (usd / limit) * 100)) : 0);
  const spentShare = share(budget.spentUsd);
  const reservedShare = Math.min(100 - spentShare, share(budget.reservedUsd));
  const percent = spentPercent(budget.spentUsd, limit);
  const spent = formatCost(budget.spentUsd);
  const limitText = formatCost(limit);
  const route = budget.thenRoute;
  const resetsAt = formatResetTime(budget.resetsAt, now, locale);
  return {
    label: BUDGET_LABEL[budget.period](),
    spentShare,
    reservedShare,
    percent,
    level: percent >= 100 ? 'spent' : percent >= 80 ? 'warning' : 'ok',
    amounts:
      budget.reservedUsd > 0
        ? i18n.t('format.budget.amountsReserved', {
            spent,
            reserved: formatCost(budget.reservedUsd),
            limit: limitText,
          })
        : i18n.t('format.budget.amounts', { spent, limit: limitText }),
    resets:
      budget.resetsAt - now <= 86_400_000
        ? i18n.t('format.budget.resetsAt', { time: resetsAt })
        : i18n.t('format.budget.resetsOn', { time: resetsAt }),
    then:
      percent >= 100
        ? route
          ? i18n.t('format.budget.then.spentRoute', { route })
          : i18n.t('format.budget.then.spentRefused')
        : route
          ? i18n.t('format.budget.then.route', { route })
          : i18n.t('format.budget.then.refused'),
  };
}

/** A short amount for summaries: "$5", "$0.50", "$12.50". */
export function shortUsd(usd: number): string {
  return Number.isInteger(usd) ? formatWholeUsd(usd) : formatCost(usd);
}
