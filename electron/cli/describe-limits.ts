import type { TokenLimits } from '../../shared/contract-schemas.ts';

const dollars = (n: number): string => `$${String(n)}`;

/** A model list short enough for one line: a few names, else how many. */
const modelsText = (models: readonly string[]): string =>
  models.length <= 3 ? models.join(' ') : `${String(models.length)} models`;

/** One line for `token list`, e.g. `$5/day, 60 rpm, then coding`; `-` when the token has none. */
export function limitsSummary(limits: TokenLimits | undefined): string {
  if (!limits) return '-';
  const parts = [
    ...(limits.dailyUsd !== null ? [`${dollars(limits.dailyUsd)}/day`] : []),
    ...(limits.weeklyUsd !== null ? [`${dollars(limits.weeklyUsd)}/week`] : []),
    ...(limits.monthlyUsd !== null ? [`${dollars(limits.monthlyUsd)}/month`] : []),
    ...(limits.rpm !== null ? [`${String(limits.rpm)} rpm`] : []),
    ...(limits.tpm !== null ? [`${String(limits.tpm)} tpm`] : []),
    ...(limits.models !== null ? [`only ${modelsText(limits.models)}`] : []),
    ...(limits.thenRoute !== null ? [`then ${limits.thenRoute}`] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : '-';
}

/** Every limit of a token, one per line, for `token limit NAME`. */
export function limitsTable(tokenName: string, limits: TokenLimits): string {
  const money = (n: number | null): string => (n === null ? 'none' : dollars(n));
  const count = (n: number | null): string => (n === null ? 'none' : String(n));
  const hasBudget =
    limits.dailyUsd !== null || limits.weeklyUsd !== null || limits.monthlyUsd !== null;
  const thenRoute =
    limits.thenRoute !== null
      ? `${limits.thenRoute} (once a budget is spent, requests go to this route until it resets)`
      : hasBudget
        ? 'none (once a budget is spent, requests are refused until it resets)'
        : 'none';
  const rows: [string, string][] = [
    ['daily budget', money(limits.dailyUsd)],
    ['weekly budget', money(limits.weeklyUsd)],
    ['monthly budget', money(limits.monthlyUsd)],
    ['requests/minute', count(limits.rpm)],
    ['tokens/minute', count(limits.tpm)],
    ['models', limits.models === null ? 'any' : limits.models.join(', ')],
    ['then route', thenRoute],
  ];
  const lines = rows.map(([label, value]) => `  ${label.padEnd(16)} ${value}\n`);
  return `Limits of token '${tokenName}':\n${lines.join('')}`;
}
