import type Database from 'better-sqlite3';
import type { Store } from './open-store.ts';

export interface RetentionOptions {
  /** Rows that started more than this many days ago are deleted. */
  maxAgeDays?: number;
  /** Beyond this many rows, the oldest are deleted. */
  maxRows?: number;
}

const DAY_MS = 86_400_000;

/**
 * Rows deleted by one statement. The SQLite binding is synchronous, so a statement holds the
 * gateway's event loop for as long as it runs: lowering retention from 90 to 30 days on a
 * year-sized log deleted 666,669 rows in one statement, 2.3–2.5 s in which every open stream
 * froze. A batch of this size takes a few milliseconds, and requests run between batches.
 */
export const PRUNE_BATCH_ROWS = 500;

interface PruneStatements {
  olderThan: Database.Statement<[number, number]>;
  /** The newest row past the cap (the `maxRows`-th newest's successor), if any. */
  boundary: Database.Statement<[number], { startedAt: number; id: number }>;
  atOrBefore: Database.Statement<[number, number, number, number]>;
}

// Pruning runs from a timer with the store as its only handle; statements are prepared once
// per database and dropped with it.
const preparedFor = new WeakMap<Database.Database, PruneStatements>();

function statementsFor(db: Database.Database): PruneStatements {
  let statements = preparedFor.get(db);
  if (!statements) {
    statements = {
      olderThan: db.prepare<[number, number]>(
        `DELETE FROM request_log WHERE id IN (
           SELECT id FROM request_log WHERE started_at < ? ORDER BY started_at LIMIT ?)`,
      ),
      boundary: db.prepare<[number], { startedAt: number; id: number }>(
        `SELECT started_at AS startedAt, id FROM request_log
         ORDER BY started_at DESC, id DESC LIMIT 1 OFFSET ?`,
      ),
      // The range on started_at first, so the index bounds the scan (an OR of the two would
      // read the whole table on every batch).
      atOrBefore: db.prepare<[number, number, number, number]>(
        `DELETE FROM request_log WHERE id IN (
           SELECT id FROM request_log WHERE started_at <= ? AND (started_at < ? OR id <= ?)
           ORDER BY started_at LIMIT ?)`,
      ),
    };
    preparedFor.set(db, statements);
  }
  return statements;
}

/**
 * A pruning run: what it deletes is fixed when it starts (rows written meanwhile are safe). Each
 * call deletes at most a batch per limit and returns how many rows went; 0 once done. Null when
 * there are no limits. Queued log records are written first, so none outlives the cap it
 * should have counted against.
 */
export function startPruneRun(store: Store, options: RetentionOptions): (() => number) | null {
  const { maxAgeDays, maxRows } = options;
  if (maxAgeDays === undefined && maxRows === undefined) return null;
  store.logWriter.flush();
  const statements = statementsFor(store.db);
  const olderThan =
    maxAgeDays !== undefined && maxAgeDays >= 0
      ? Math.round(store.now() - maxAgeDays * DAY_MS)
      : null;
  const beyond =
    maxRows !== undefined && maxRows >= 0
      ? (statements.boundary.get(Math.floor(maxRows)) ?? null)
      : null;
  return () => {
    let deleted = 0;
    if (olderThan !== null)
      deleted += statements.olderThan.run(olderThan, PRUNE_BATCH_ROWS).changes;
    if (beyond !== null)
      deleted += statements.atOrBefore.run(
        beyond.startedAt,
        beyond.startedAt,
        beyond.id,
        PRUNE_BATCH_ROWS,
      ).changes;
    return deleted;
  };
}

/**
 * Deletes log rows past the limits, all at once; returns how many. For the CLI and tests: the
 * app prunes in the background, a batch at a time (`startRetention`).
 */
export function pruneLog(store: Store, options: RetentionOptions): number {
  const next = startPruneRun(store, options);
  if (next === null) return 0;
  let deleted = 0;
  for (let batch = next(); batch > 0; batch = next()) deleted += batch;
  return deleted;
}

export interface BackgroundRetentionOptions extends RetentionOptions {
  intervalMs: number;
  onPruned?: (deleted: number) => void;
  onError?: (error: unknown) => void;
}

/**
 * Prunes shortly after starting and then every `intervalMs`, a batch at a time with the event
 * loop free between batches, so requests and open streams never wait on more than one. The
 * timers are unref'd: retention never keeps the process alive. Stops by itself once the store
 * is closed. Returns a stop; to apply changed limits, stop and start again.
 */
export function startRetention(store: Store, options: BackgroundRetentionOptions): () => void {
  const { maxAgeDays, maxRows } = options;
  let stopped = false;
  let running = false;
  const fail = (error: unknown): void => {
    running = false;
    options.onError?.(error);
  };
  const step = (next: () => number, deleted: number): void => {
    if (stopped || !store.db.open) {
      running = false;
      if (!store.db.open) stop();
      return;
    }
    let batch: number;
    try {
      batch = next();
    } catch (error) {
      fail(error);
      return;
    }
    if (batch > 0) {
      setImmediate(() => step(next, deleted + batch));
      return;
    }
    running = false;
    if (deleted > 0) options.onPruned?.(deleted);
  };
  const run = (): void => {
    if (!store.db.open) {
      stop();
      return;
    }
    // A run still deleting (a long backlog) is not joined by another.
    if (running) return;
    let next: (() => number) | null;
    try {
      next = startPruneRun(store, { maxAgeDays, maxRows });
    } catch (error) {
      fail(error);
      return;
    }
    if (next === null) return;
    running = true;
    step(next, 0);
  };
  const first = setTimeout(run, 0);
  first.unref();
  const interval = setInterval(run, options.intervalMs);
  interval.unref();
  function stop(): void {
    stopped = true;
    clearTimeout(first);
    clearInterval(interval);
  }
  return stop;
}
