import type Database from 'better-sqlite3';
import type { LogColumns } from './log-row.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const KEY_COLUMNS = [
  'client_token_id',
  'client',
  'model',
  'model_route',
  'client_format',
  'upstream_format',
  'route',
] as const;

const SUM_COLUMNS = [
  'requests',
  'errors',
  'input_tokens',
  'output_tokens',
  'cached_tokens',
  'reasoning_tokens',
  'cost_usd',
  'estimated_requests',
] as const;

/** The period's start, the key columns (7), then the sums (8), as the upserts bind them. */
type Entry = (string | number)[];
const FIRST_SUM = 1 + KEY_COLUMNS.length;

const upsertSql = (table: string, period: string): string => {
  const columns = [period, ...KEY_COLUMNS, ...SUM_COLUMNS];
  return `INSERT INTO ${table} (${columns.join(', ')})
    VALUES (${columns.map(() => '?').join(', ')})
    ON CONFLICT (${[period, ...KEY_COLUMNS].join(', ')}) DO UPDATE SET
    ${SUM_COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`;
};

/**
 * Adds written log rows to the running totals (migration 7): `usage_hourly`, which budgets and
 * ranges cut at any hour read, and `usage_daily`, which long ranges read. Runs inside the log
 * writer's transaction, on the gateway's event loop: a batch is summed in memory first, then one
 * upsert per key and table (a busy batch holds a handful of keys, not one per request).
 */
export class UsageTotalsWriter {
  private readonly hourly: Database.Statement<unknown[]>;
  private readonly daily: Database.Statement<unknown[]>;

  constructor(db: Database.Database) {
    // Positional parameters, as for the log insert: binding by name looks each name up per run.
    this.hourly = db.prepare<unknown[]>(upsertSql('usage_hourly', 'hour'));
    this.daily = db.prepare<unknown[]>(upsertSql('usage_daily', 'day'));
  }

  /** Adds the rows to their hours' and days' totals. Call inside the transaction that inserted them. */
  add(rows: readonly LogColumns[]): void {
    if (rows.length === 1) {
      const entry = entryOf(rows[0] as LogColumns);
      this.hourly.run(...entry);
      entry[0] = dayOf(entry[0] as number);
      this.daily.run(...entry);
      return;
    }
    const hours = summed(rows.map(entryOf));
    for (const entry of hours) this.hourly.run(...entry);
    for (const entry of summed(hours.map((e) => [dayOf(e[0] as number), ...e.slice(1)]))) {
      this.daily.run(...entry);
    }
  }
}

const dayOf = (hour: number): number => Math.floor(hour / DAY_MS) * DAY_MS;

/** Entries of the same period and key added up into one. */
function summed(entries: readonly Entry[]): Entry[] {
  const byKey = new Map<string, Entry>();
  for (const entry of entries) {
    // The period and key columns joined: a separator no model id, token or format contains.
    const key = entry.slice(0, FIRST_SUM).join('\u0000');
    const existing = byKey.get(key);
    if (!existing) {
      byKey.set(key, [...entry]);
      continue;
    }
    for (let i = FIRST_SUM; i < entry.length; i += 1) {
      existing[i] = (existing[i] as number) + (entry[i] as number);
    }
  }
  return [...byKey.values()];
}

/**
 * One row's hour, key and sums, from the columns the log row was written with, so the totals
 * are exactly an aggregate of the log (the migration builds them from the log the same way).
 * '' stands for none in the key; the model is the one that answered, else the one asked for.
 */
function entryOf(row: LogColumns): Entry {
  return [
    Math.floor(row.started_at / HOUR_MS) * HOUR_MS,
    row.client_token_id ?? '',
    row.client ?? '',
    row.served_model ?? row.model ?? '',
    row.model_route ?? '',
    row.client_format ?? '',
    row.upstream_format ?? '',
    row.route,
    1,
    // ERROR_CONDITION in log-filter.ts.
    row.status >= 400 || row.error_kind !== null ? 1 : 0,
    row.input_tokens ?? 0,
    row.output_tokens ?? 0,
    row.cached_tokens ?? 0,
    row.reasoning_tokens ?? 0,
    row.cost_usd ?? 0,
    row.usage_estimated,
  ];
}
