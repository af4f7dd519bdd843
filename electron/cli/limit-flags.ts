import { tokenLimitsSchema, type TokenLimits } from '../../shared/contract-schemas.ts';
import { InputError } from './usage-error.ts';
import { NO_LIMITS } from '../../shared/no-limits.ts';

/** What `token limit NAME` was given, as parseArgs hands it over. */
export interface LimitFlags {
  'daily-usd'?: string;
  'weekly-usd'?: string;
  'monthly-usd'?: string;
  rpm?: string;
  tpm?: string;
  models?: string;
  'then-route'?: string;
  clear?: boolean;
}

/** Each field of TokenLimits and the flag that sets it. */
const FLAG_OF = {
  dailyUsd: '--daily-usd',
  weeklyUsd: '--weekly-usd',
  monthlyUsd: '--monthly-usd',
  rpm: '--rpm',
  tpm: '--tpm',
  models: '--models',
  thenRoute: '--then-route',
} as const satisfies Record<keyof TokenLimits, string>;

/** `none` takes a limit away, whichever it is. */
const NONE = 'none';

function dollars(flag: string, value: string): number | null {
  if (value.trim().toLowerCase() === NONE) return null;
  const text = value.trim().replace(/^\$/, '');
  const amount = Number(text);
  if (text === '' || !Number.isFinite(amount) || amount <= 0)
    throw new InputError(`${flag} must be a number of dollars above 0, not '${value}'.`);
  return amount;
}

function perMinute(flag: string, value: string): number | null {
  if (value.trim().toLowerCase() === NONE) return null;
  const count = Number(value.trim());
  if (value.trim() === '' || !Number.isInteger(count) || count <= 0)
    throw new InputError(`${flag} must be a whole number above 0, not '${value}'.`);
  return count;
}

function nameList(value: string): string[] | null {
  if (value.trim().toLowerCase() === NONE) return null;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0)
    throw new InputError(
      `--models takes model and route names separated by commas (or none: any model), not '${value}'.`,
    );
  return [...new Set(names)];
}

/**
 * The token's limits after the flags: `--clear` first takes every limit away, then each flag
 * given sets its field (`none` takes it away) and the others stay as they were. Checked with the
 * contract's schema, so the command refuses what the app refuses; nothing is written here.
 */
export function applyLimitFlags(current: TokenLimits, flags: LimitFlags): TokenLimits {
  const next: TokenLimits = flags.clear ? { ...NO_LIMITS } : { ...current };
  const given = (flag: keyof LimitFlags): string | undefined => {
    const value = flags[flag];
    return typeof value === 'string' ? value : undefined;
  };
  const daily = given('daily-usd');
  if (daily !== undefined) next.dailyUsd = dollars(FLAG_OF.dailyUsd, daily);
  const weekly = given('weekly-usd');
  if (weekly !== undefined) next.weeklyUsd = dollars(FLAG_OF.weeklyUsd, weekly);
  const monthly = given('monthly-usd');
  if (monthly !== undefined) next.monthlyUsd = dollars(FLAG_OF.monthlyUsd, monthly);
  const rpm = given('rpm');
  if (rpm !== undefined) next.rpm = perMinute(FLAG_OF.rpm, rpm);
  const tpm = given('tpm');
  if (tpm !== undefined) next.tpm = perMinute(FLAG_OF.tpm, tpm);
  const models = given('models');
  if (models !== undefined) next.models = nameList(models);
  const thenRoute = given('then-route');
  if (thenRoute !== undefined)
    next.thenRoute = thenRoute.trim().toLowerCase() === NONE ? null : thenRoute.trim();

  const parsed = tokenLimitsSchema.safeParse(next);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0]);
  const flag = field in FLAG_OF ? FLAG_OF[field as keyof TokenLimits] : field;
  throw new InputError(`${flag}: ${issue.message}.`);
}

/** Whether any flag that changes a limit was given (else the command only shows them). */
export const changesLimits = (flags: LimitFlags): boolean =>
  flags.clear === true ||
  Object.values(FLAG_OF).some((flag) => flags[flag.slice(2) as keyof LimitFlags] !== undefined);
