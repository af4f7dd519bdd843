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

/**
 * A table of text by key that keeps the most recent `limit` writes. Rows carry an insertion
 * sequence, so dropping the oldest is a range delete on the primary key; a rewritten key moves
 * to the newest end. Gaps left by rewritten keys make it keep a little fewer than `limit`.
 */
class BoundedTable {
  private readonly read: Database.Statement<[string], { value: string }>;
  private readonly write: (key: string, value: string) => void;

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
    this.write = db.transaction((key: string, value: string) => {
      const seq = Number(upsert.run(key, value, now()).lastInsertRowid);
      dropOldest.run(seq - limit);
    });
  }

  get(key: string): string | undefined {
    return this.read.get(key)?.value;
  }

  set(key: string, value: string): void {
    this.write(key, value);
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
}
