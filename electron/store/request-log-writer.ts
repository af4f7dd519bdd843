import type Database from 'better-sqlite3';
import type { RequestRecord } from '../gateway/server/request-record.ts';
import { LOG_COLUMN_NAMES, recordToColumns, type LogColumns, type LogRow } from './log-row.ts';

export type FlushListener = (rows: readonly LogRow[]) => void;
export type LogErrorHandler = (error: unknown, records: readonly RequestRecord[]) => void;

export interface RequestLogWriterOptions {
  /** A queue this long is written at once instead of waiting for the next turn of the loop. */
  batchSize?: number;
  /** Write failures and dropped records; never thrown into the gateway. Defaults to stderr. */
  onError?: LogErrorHandler;
}

const DEFAULT_LOG_BATCH_SIZE = 200;

const defaultOnError: LogErrorHandler = (error, records) => {
  console.error(`request log: ${records.length} record(s) not written:`, error);
};

/**
 * Writes request records off the gateway's hot path: `enqueue` only pushes to a queue, and
 * the queue is written in one transaction on the next turn of the event loop, so a burst of
 * requests costs one commit. Records reach disk when `flush` or `close` returns.
 */
/** How long a record may wait for others to share its write; a crash can lose at most this much more. */
export const FLUSH_WINDOW_MS = 25;

export class RequestLogWriter {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement<unknown[]>;
  private readonly insertBatch: (records: readonly RequestRecord[]) => {
    rows: LogRow[];
    duplicates: RequestRecord[];
  };
  private readonly batchSize: number;
  private readonly onError: LogErrorHandler;
  private readonly listeners = new Set<FlushListener>();
  private queue: RequestRecord[] = [];
  private scheduled: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(db: Database.Database, options: RequestLogWriterOptions = {}) {
    this.db = db;
    this.batchSize = Math.max(1, options.batchSize ?? DEFAULT_LOG_BATCH_SIZE);
    this.onError = options.onError ?? defaultOnError;
    // Duplicate ids are skipped, not fatal: one bad record must not roll back its whole batch.
    // Positional parameters: binding by name looks up every column's name on every insert.
    this.insert = db.prepare<unknown[]>(
      `INSERT INTO request_log (${LOG_COLUMN_NAMES.join(', ')})
       VALUES (${LOG_COLUMN_NAMES.map(() => '?').join(', ')})
       ON CONFLICT (request_id) DO NOTHING`,
    );
    this.insertBatch = db.transaction((records: readonly RequestRecord[]) => {
      const rows: LogRow[] = [];
      const duplicates: RequestRecord[] = [];
      // The rows (a copy of each record) are only for listeners: none, no copies.
      const listened = this.listeners.size > 0;
      for (const record of records) {
        const id = this.insertId(record);
        if (id === null) duplicates.push(record);
        else if (listened) rows.push({ ...record, id });
      }
      return { rows, duplicates };
    });
  }

  /** Queues a record; returns at once. Must not be mutated by the caller afterwards. */
  enqueue(record: RequestRecord): void {
    if (this.closed) {
      this.report(new Error('The request log is closed; the record was dropped.'), [record]);
      return;
    }
    this.queue.push(record);
    if (this.queue.length >= this.batchSize) {
      // A bounded, synchronous write: a flood of requests in one tick must not grow the queue
      // (and the transaction) without limit.
      this.flush();
      return;
    }
    // A short window gathers the records of many requests into one transaction: one commit per
    // request made the commit (and each WAL checkpoint) land on the requests in flight.
    this.scheduled ??= setTimeout(() => {
      this.scheduled = null;
      this.flush();
    }, FLUSH_WINDOW_MS);
  }

  /** Writes everything queued, now, in one transaction. */
  flush(): void {
    if (this.scheduled) {
      clearTimeout(this.scheduled);
      this.scheduled = null;
    }
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    const rows = this.write(batch);
    if (rows.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(rows);
      } catch (error) {
        this.report(error, []);
      }
    }
  }

  /** Called with the rows of each committed batch (the UI's live log). Returns an unsubscribe. */
  onFlushed(listener: FlushListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Flushes what is queued; later records are reported through `onError`. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.listeners.clear();
  }

  /** The new row's id; null when the request id was logged already. */
  private insertId(record: RequestRecord): number | null {
    const columns: LogColumns = recordToColumns(record);
    // Spread, not an array: the binding reads arguments directly, where an array costs a V8
    // property lookup per column (~10 % of the insert, measured on 34 columns).
    const result = this.insert.run(...LOG_COLUMN_NAMES.map((name) => columns[name]));
    return result.changes === 0 ? null : Number(result.lastInsertRowid);
  }

  private insertOne(record: RequestRecord): LogRow | null {
    const id = this.insertId(record);
    return id === null ? null : { ...record, id };
  }

  private write(batch: RequestRecord[]): LogRow[] {
    try {
      const { rows, duplicates } = this.insertBatch(batch);
      if (duplicates.length > 0) {
        this.report(new Error('Duplicate request id; the first record was kept.'), duplicates);
      }
      return rows;
    } catch (batchError) {
      // The batch was rolled back. Retry record by record so that a record SQLite refuses takes
      // only itself down; if the database itself is failing, every record reports the same.
      if (!this.db.open) {
        this.report(batchError, batch);
        return [];
      }
      const rows: LogRow[] = [];
      const failed: RequestRecord[] = [];
      const duplicates: RequestRecord[] = [];
      let lastError: unknown = batchError;
      for (const record of batch) {
        try {
          const row = this.insertOne(record);
          if (row) rows.push(row);
          else duplicates.push(record);
        } catch (error) {
          failed.push(record);
          lastError = error;
        }
      }
      if (failed.length > 0) this.report(lastError, failed);
      if (duplicates.length > 0) {
        this.report(new Error('Duplicate request id; the first record was kept.'), duplicates);
      }
      return rows;
    }
  }

  private report(error: unknown, records: readonly RequestRecord[]): void {
    try {
      this.onError(error, records);
    } catch {
      // The error handler failing leaves nobody to tell; the gateway must still not see it.
    }
  }
}
