import type { TokenLimits } from '../../../../shared/contract.ts';
import { shortUsd } from '../../format/budget.ts';
import { formatTokensCompact } from '../../format/tokens.ts';
import { i18n } from '../../i18n/i18n.ts';
import { currentLocale } from '../../i18n/locale.ts';

/** The limits editor's fields, as typed (empty: no limit). */
export interface LimitsForm {
  dailyUsd: string;
  weeklyUsd: string;
  monthlyUsd: string;
  rpm: string;
  tpm: string;
  /** Models and routes the token may ask for; empty: any. */
  models: string[];
  /** The route used once a budget is spent; empty: requests are refused. */
  thenRoute: string;
}

type TextField = 'dailyUsd' | 'weeklyUsd' | 'monthlyUsd' | 'rpm' | 'tpm' | 'thenRoute';
export type LimitsErrors = Partial<Record<TextField, string>>;

const text = (value: number | null): string => (value === null ? '' : String(value));

export function formFromLimits(limits: TokenLimits): LimitsForm {
  return {
    dailyUsd: text(limits.dailyUsd),
    weeklyUsd: text(limits.weeklyUsd),
    monthlyUsd: text(limits.monthlyUsd),
    rpm: text(limits.rpm),
    tpm: text(limits.tpm),
    models: [...(limits.models ?? [])],
    thenRoute: limits.thenRoute ?? '',
  };
}

/** Dollars as typed ("5", "$0.50", "1,000"): null when empty, else the amount or what is wrong. */
function parseUsd(input: string): { value: number | null } | { error: string } {
  const trimmed = input
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '');
  if (!trimmed) return { value: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value <= 0) return { error: i18n.t('settings.limits.errors.usd') };
  if (value > 1_000_000) return { error: i18n.t('settings.limits.errors.usdMax') };
  return { value };
}

/** A count per minute: null when empty, else a whole number above 0. */
function parseRate(input: string): { value: number | null } | { error: string } {
  const trimmed = input.trim().replace(/[,_\s]/g, '');
  if (!trimmed) return { value: null };
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value <= 0)
    return { error: i18n.t('settings.limits.errors.rate') };
  if (value > 1_000_000_000) return { error: i18n.t('settings.limits.errors.rateMax') };
  return { value };
}

/** What the form would save (`limits.set`), or what is wrong with each field. */
export function checkLimitsForm(
  form: LimitsForm,
): { limits: TokenLimits; errors: null } | { limits: null; errors: LimitsErrors } {
  const errors: LimitsErrors = {};
  const read = <T>(field: TextField, result: { value: T } | { error: string }): T | null => {
    if ('error' in result) {
      errors[field] = result.error;
      return null;
    }
    return result.value;
  };
  const limits: TokenLimits = {
    dailyUsd: read('dailyUsd', parseUsd(form.dailyUsd)),
    weeklyUsd: read('weeklyUsd', parseUsd(form.weeklyUsd)),
    monthlyUsd: read('monthlyUsd', parseUsd(form.monthlyUsd)),
    rpm: read('rpm', parseRate(form.rpm)),
    tpm: read('tpm', parseRate(form.tpm)),
    models: form.models.length > 0 ? [...form.models] : null,
    thenRoute: form.thenRoute || null,
  };
  const budgeted =
    limits.dailyUsd !== null || limits.weeklyUsd !== null || limits.monthlyUsd !== null;
  if (limits.thenRoute && !budgeted && !errors.dailyUsd && !errors.weeklyUsd && !errors.monthlyUsd)
    errors.thenRoute = i18n.t('settings.limits.errors.thenRoute');
  return Object.keys(errors).length > 0 ? { limits: null, errors } : { limits, errors: null };
}

/** One line for the tokens table: "$5/day · 60 rpm · 2 models · then route cheap". */
export function limitsSummary(limits: TokenLimits): string {
  const parts: string[] = [];
  if (limits.dailyUsd !== null)
    parts.push(i18n.t('settings.limits.summary.day', { amount: shortUsd(limits.dailyUsd) }));
  if (limits.weeklyUsd !== null)
    parts.push(i18n.t('settings.limits.summary.week', { amount: shortUsd(limits.weeklyUsd) }));
  if (limits.monthlyUsd !== null)
    parts.push(i18n.t('settings.limits.summary.month', { amount: shortUsd(limits.monthlyUsd) }));
  if (limits.rpm !== null)
    parts.push(
      i18n.t('settings.limits.summary.rpm', { rate: limits.rpm.toLocaleString(currentLocale()) }),
    );
  if (limits.tpm !== null)
    parts.push(i18n.t('settings.limits.summary.tpm', { rate: formatTokensCompact(limits.tpm) }));
  if (limits.models !== null && limits.models.length > 0)
    parts.push(
      limits.models.length === 1
        ? i18n.t('settings.limits.summary.onlyModel', { model: limits.models[0] })
        : i18n.t('settings.limits.summary.models', { count: limits.models.length }),
    );
  if (limits.thenRoute)
    parts.push(i18n.t('settings.limits.summary.thenRoute', { route: limits.thenRoute }));
  return parts.length > 0 ? parts.join(' · ') : i18n.t('settings.limits.summary.none');
}
