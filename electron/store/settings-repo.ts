import type Database from 'better-sqlite3';
import { ExternalChanges } from './external-changes.ts';
import { parseJson } from './parse-json.ts';

type JsonKind = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'other';

const kindOf = (value: unknown): JsonKind => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'object' || type === 'string' || type === 'number' || type === 'boolean'
    ? type
    : 'other';
};

/**
 * App settings as JSON values by key (port, body capture, retention, allowed origins, ...).
 * The services layer owns the names and defaults; the store only keeps them.
 */
export class SettingsRepo {
  private readonly now: () => number;
  private readonly read: Database.Statement<[string], { value: string }>;
  private readonly write: Database.Statement<[string, string, number]>;
  private readonly remove: Database.Statement<[string]>;
  private readonly readAll: Database.Statement<[], { key: string; value: string }>;

  /**
   * Raw stored text by key (null: absent). Settings are read on every request (body capture,
   * say), so reads are served from memory; the cache is dropped when another connection (the
   * CLI, another gateway) writes to the database, seen within `EXTERNAL_CHANGE_CHECK_MS`.
   */
  private readonly cache = new Map<string, string | null>();
  private readonly changes: ExternalChanges;
  private cachedAt: number;

  constructor(
    db: Database.Database,
    now: () => number = Date.now,
    changes: ExternalChanges = new ExternalChanges(db),
  ) {
    this.now = now;
    this.changes = changes;
    this.cachedAt = changes.current();
    this.read = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
    this.write = db.prepare<[string, string, number]>(
      `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    );
    this.remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
    this.readAll = db.prepare<[], { key: string; value: string }>(
      'SELECT key, value FROM settings ORDER BY key',
    );
  }

  /**
   * The stored value, or `fallback` when there is none or it does not fit: by default, a value
   * of another JSON kind than the fallback (a string where a number belongs) is not handed out
   * as the caller's type. Pass `accept` to check the shape more closely.
   */
  get<T>(key: string, fallback: T, accept?: (value: unknown) => value is T): T {
    const generation = this.changes.current();
    if (generation !== this.cachedAt) {
      this.cache.clear();
      this.cachedAt = generation;
    }
    let text = this.cache.get(key);
    if (text === undefined) {
      text = this.read.get(key)?.value ?? null;
      this.cache.set(key, text);
    }
    if (text === null) return fallback;
    const value = parseJson(text);
    if (value === undefined) return fallback;
    if (accept) return accept(value) ? value : fallback;
    const expected = kindOf(fallback);
    return expected === 'null' || kindOf(value) === expected ? (value as T) : fallback;
  }

  /** `value` must be JSON-serialisable. */
  set(key: string, value: unknown): void {
    const text = JSON.stringify(value);
    if (text === undefined) {
      throw new TypeError(`Setting '${key}' cannot be stored: its value is not JSON.`);
    }
    this.write.run(key, text, this.now());
    this.cache.set(key, text);
  }

  delete(key: string): boolean {
    this.cache.set(key, null);
    return this.remove.run(key).changes > 0;
  }

  /** Every stored setting, for a settings export or a diagnostics page. */
  all(): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (const row of this.readAll.all()) result[row.key] = parseJson(row.value);
    return result;
  }
}
