import type Database from 'better-sqlite3';
import type { TokenLimits } from '../../shared/contract.ts';
import { ExternalChanges } from './external-changes.ts';
import { isStringArray, parseJson } from './parse-json.ts';
import { InvalidInputError } from './store-errors.ts';
import { errorText } from '../../shared/error-text.ts';

export type { TokenLimits } from '../../shared/contract.ts';

interface LimitRow {
  token_id: string;
  daily_usd: number | null;
  weekly_usd: number | null;
  monthly_usd: number | null;
  rpm: number | null;
  tpm: number | null;
  models: string | null;
  then_route: string | null;
  updated_at: number;
}

const toLimits = (row: LimitRow): TokenLimits => {
  const parsed = row.models === null ? null : parseJson(row.models);
  // A damaged list reads as "no model allowed", never as "any model".
  const models = parsed === null ? null : isStringArray(parsed) ? parsed : [];
  // Handed to every request of the token: frozen, so no caller changes what the next one reads.
  if (models) Object.freeze(models);
  return Object.freeze({
    dailyUsd: row.daily_usd,
    weeklyUsd: row.weekly_usd,
    monthlyUsd: row.monthly_usd,
    rpm: row.rpm,
    tpm: row.tpm,
    models,
    thenRoute: row.then_route,
  });
};

/**
 * Budgets and limits per local token. The gateway reads a token's on every request, so all of
 * them are kept in memory and refilled when another connection (the CLI, another gateway on the
 * data dir) writes, seen within `EXTERNAL_CHANGE_CHECK_MS`.
 */
export class TokenLimitRepo {
  private readonly db: Database.Database;
  private readonly now: () => number;
  private readonly changes: ExternalChanges;
  private readonly all: Database.Statement<[], LimitRow>;
  private readonly token: Database.Statement<[string], { name: string; revoked_at: number | null }>;
  private readonly route: Database.Statement<[string], number>;
  private readonly upsert: Database.Statement<unknown[]>;
  private readonly remove: Database.Statement<[string]>;
  private limits = new Map<string, TokenLimits>();
  private loadedAt = -1;

  constructor(
    db: Database.Database,
    now: () => number = Date.now,
    changes: ExternalChanges = new ExternalChanges(db),
  ) {
    this.db = db;
    this.now = now;
    this.changes = changes;
    this.all = db.prepare<[], LimitRow>('SELECT * FROM token_limits ORDER BY token_id');
    this.token = db.prepare<[string], { name: string; revoked_at: number | null }>(
      'SELECT name, revoked_at FROM local_tokens WHERE id = ?',
    );
    this.route = db.prepare<[string], number>('SELECT 1 FROM model_routes WHERE name = ?').pluck();
    this.upsert = db.prepare<unknown[]>(
      `INSERT INTO token_limits (token_id, daily_usd, weekly_usd, monthly_usd, rpm, tpm, models,
         then_route, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (token_id) DO UPDATE SET daily_usd = excluded.daily_usd,
         weekly_usd = excluded.weekly_usd, monthly_usd = excluded.monthly_usd,
         rpm = excluded.rpm, tpm = excluded.tpm, models = excluded.models,
         then_route = excluded.then_route, updated_at = excluded.updated_at`,
    );
    this.remove = db.prepare<[string]>('DELETE FROM token_limits WHERE token_id = ?');
    this.reload();
  }

  /** The token's limits; undefined when it has none set. */
  get(tokenId: string): TokenLimits | undefined {
    this.refresh();
    return this.limits.get(tokenId);
  }

  /** Every token that has limits set, by token id. */
  list(): { tokenId: string; limits: TokenLimits }[] {
    this.refresh();
    return [...this.limits].map(([tokenId, limits]) => ({ tokenId, limits }));
  }

  /**
   * Sets a token's limits (all unlimited removes them), returned as stored. Refused, nothing
   * changed, for a token that does not exist or is revoked, and a `thenRoute` that is no route.
   */
  set(tokenId: string, limits: TokenLimits): TokenLimits {
    const checked = checkLimits(limits);
    // Under the write lock: the token must not be revoked, nor the route deleted, meanwhile.
    const write = this.db.transaction(() => {
      const token = this.token.get(tokenId);
      if (!token)
        throw new InvalidInputError(
          `There is no token with id '${tokenId}'.`,
          errorText('settings.errors.tokens.notFound', { id: tokenId }),
        );
      if (token.revoked_at !== null) {
        throw new InvalidInputError(
          `Token '${token.name}' is revoked; it has no limits to set.`,
          errorText('settings.errors.limits.tokenRevoked', { name: token.name }),
        );
      }
      if (checked.thenRoute !== null && this.route.get(checked.thenRoute) === undefined) {
        throw new InvalidInputError(
          `There is no route named '${checked.thenRoute}' to send requests to once a budget is spent.`,
          errorText('settings.errors.limits.thenRouteMissing', { route: checked.thenRoute }),
        );
      }
      if (isUnlimited(checked)) {
        this.remove.run(tokenId);
        return;
      }
      this.upsert.run(
        tokenId,
        checked.dailyUsd,
        checked.weeklyUsd,
        checked.monthlyUsd,
        checked.rpm,
        checked.tpm,
        checked.models === null ? null : JSON.stringify(checked.models),
        checked.thenRoute,
        this.now(),
      );
    });
    write.immediate();
    this.reload();
    return checked;
  }

  /** Re-reads every token's limits; for changes made elsewhere (another process, a route rename). */
  reload(): void {
    this.loadedAt = this.changes.current();
    this.limits = new Map(this.all.all().map((row) => [row.token_id, toLimits(row)]));
  }

  private refresh(): void {
    if (this.changes.current() !== this.loadedAt) this.reload();
  }
}

const isUnlimited = (limits: TokenLimits): boolean =>
  limits.dailyUsd === null &&
  limits.weeklyUsd === null &&
  limits.monthlyUsd === null &&
  limits.rpm === null &&
  limits.tpm === null &&
  limits.models === null &&
  limits.thenRoute === null;

const BUDGET_TEXT = {
  daily: () => errorText('settings.errors.limits.dailyBudgetInvalid'),
  weekly: () => errorText('settings.errors.limits.weeklyBudgetInvalid'),
  monthly: () => errorText('settings.errors.limits.monthlyBudgetInvalid'),
};

/** The limits as they are stored: names trimmed, each model once, an empty list as none. */
function checkLimits(limits: TokenLimits): TokenLimits {
  const usd = (value: number | null, what: 'daily' | 'weekly' | 'monthly'): number | null => {
    if (value !== null && !(Number.isFinite(value) && value > 0)) {
      throw new InvalidInputError(
        `The ${what} budget is an amount in USD above 0.`,
        BUDGET_TEXT[what](),
      );
    }
    return value;
  };
  const perMinute = (
    value: number | null,
    what: 'requests-per-minute' | 'tokens-per-minute',
  ): number | null => {
    if (value !== null && !(Number.isInteger(value) && value > 0)) {
      throw new InvalidInputError(
        `The ${what} limit is a whole number above 0.`,
        what === 'requests-per-minute'
          ? errorText('settings.errors.limits.rpmInvalid')
          : errorText('settings.errors.limits.tpmInvalid'),
      );
    }
    return value;
  };
  const models = limits.models === null ? [] : [...new Set(limits.models.map((m) => m.trim()))];
  if (models.some((model) => !model)) {
    throw new InvalidInputError(
      'The models a token may use must not be empty names.',
      errorText('settings.errors.limits.emptyModelName'),
    );
  }
  const thenRoute = limits.thenRoute?.trim() ?? null;
  return {
    dailyUsd: usd(limits.dailyUsd, 'daily'),
    weeklyUsd: usd(limits.weeklyUsd, 'weekly'),
    monthlyUsd: usd(limits.monthlyUsd, 'monthly'),
    rpm: perMinute(limits.rpm, 'requests-per-minute'),
    tpm: perMinute(limits.tpm, 'tokens-per-minute'),
    models: models.length > 0 ? models : null,
    thenRoute: thenRoute || null,
  };
}
