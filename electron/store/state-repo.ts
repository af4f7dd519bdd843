import type Database from 'better-sqlite3';
import type {
  OpaqueStateStore,
  ResponseStore,
  StoredConversation,
} from '../gateway/canonical/conversion-context.ts';
import { parseJson } from './parse-json.ts';

/** As in the gateway's in-memory stores: enough for many long agent sessions. */
export const DEFAULT_OPAQUE_STATE_LIMIT = 50_000;
/**
 * Lower than the in-memory default: each stored response holds its whole conversation, so
 * rows grow with the chat, and these survive restarts.
 */
export const DEFAULT_RESPONSE_LIMIT = 2_000;

/** How long a write may wait to share a transaction with others (as the request log does). */
export const STATE_WRITE_WINDOW_MS = 25;

/**
 * A table of text by key that keeps the most recent `limit` writes. Rows carry an insertion
 * sequence, so dropping the oldest is a range delete on the primary key; a rewritten key moves
 * to the newest end. Gaps left by rewritten keys make it keep a little fewer than `limit`.
 *
 * Writes are behind: `set` keeps the value in memory (where `get` finds it at once) and a short
 * window later all pending values are committed in one transaction. One transaction per request
 * cost a responses client's translated request 40 % of its CPU (bench/FINDINGS.md #2). A crash
 * can lose the last window's writes, which only breaks a follow-up to an answer just given.
 */
class BoundedTable {
  private readonly read: Database.Statement<[string], { value: string }>;
  private readonly writeAll: (entries: Map<string, string>) => void;
  private pending = new Map<string, string>();
  private scheduled: NodeJS.Timeout | null = null;

  constructor(
    db: Database.Database,
    table: string,
    keyColumn: string,
    valueColumn: string,
    limit: number,
    now: () => number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be positive');
    this.read = db.prepare<[string], { value: string }>(
      `SELECT ${valueColumn} AS value FROM ${table} WHERE ${keyColumn} = ?`,
    );
    const upsert = db.prepare<[string, string, number]>(
      `INSERT OR REPLACE INTO ${table} (${keyColumn}, ${valueColumn}, created_at) VALUES (?, ?, ?)`,
    );
    const dropOldest = db.prepare<[number]>(`DELETE FROM ${table} WHERE seq <= ?`);
    this.writeAll = db.transaction((entries: Map<string, string>) => {
      let seq = 0;
      const at = now();
      for (const [key, value] of entries) seq = Number(upsert.run(key, value, at).lastInsertRowid);
      dropOldest.run(seq - limit);
    });
  }

  get(key: string): string | undefined {
    return this.pending.get(key) ?? this.read.get(key)?.value;
  }

  set(key: string, value: string): void {
    // Deleting first keeps the map in write order, so the newest write is committed last.
    this.pending.delete(key);
    this.pending.set(key, value);
    this.scheduled ??= setTimeout(() => this.flush(), STATE_WRITE_WINDOW_MS);
  }

  /** Commits the pending writes now. */
  flush(): void {
    if (this.scheduled) {
      clearTimeout(this.scheduled);
      this.scheduled = null;
    }
    if (this.pending.size === 0) return;
    const entries = this.pending;
    this.pending = new Map();
    try {
      this.writeAll(entries);
    } catch (error) {
      // Lost state only breaks a follow-up request; the gateway itself must not fail over it.
      console.error(`translation state: ${entries.size} value(s) not written:`, error);
    }
  }
}

/**
 * The gateway's opaque state (thought signatures, encrypted reasoning), kept byte-exact: TEXT
 * in, the same TEXT out. Only well-formed UTF-16 survives exactly (a lone surrogate cannot be
 * encoded as UTF-8); the values are base64 and ids, which always are.
 */
export class SqliteOpaqueStateStore implements OpaqueStateStore {
  private readonly table: BoundedTable;

  constructor(
    db: Database.Database,
    limit = DEFAULT_OPAQUE_STATE_LIMIT,
    now: () => number = Date.now,
  ) {
    this.table = new BoundedTable(db, 'opaque_state', 'key', 'value', limit, now);
  }

  get(key: string): string | undefined {
    return this.table.get(key);
  }

  set(key: string, value: string): void {
    this.table.set(key, value);
  }
  /** Commits pending writes (the store does on close). */
  flush(): void {
    this.table.flush();
  }
}

const isStoredConversation = (value: unknown): value is StoredConversation =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { messages?: unknown }).messages);

/** Conversations by response id, for `previous_response_id`; kept as JSON. */
export class SqliteResponseStore implements ResponseStore {
  private readonly table: BoundedTable;

  constructor(db: Database.Database, limit = DEFAULT_RESPONSE_LIMIT, now: () => number = Date.now) {
    this.table = new BoundedTable(
      db,
      'stored_responses',
      'response_id',
      'conversation',
      limit,
      now,
    );
  }

  get(responseId: string): StoredConversation | undefined {
    const value = parseJson(this.table.get(responseId) ?? null);
    return isStoredConversation(value) ? value : undefined;
  }

  set(responseId: string, conversation: StoredConversation): void {
    this.table.set(responseId, JSON.stringify(conversation));
  }
  /** Commits pending writes (the store does on close). */
  flush(): void {
    this.table.flush();
  }
}
