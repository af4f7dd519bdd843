import type Database from 'better-sqlite3';
import type { Store } from './open-store.ts';

export interface RetentionOptions {
  /** Rows that started more than this many days ago are deleted. */
  maxAgeDays?: number;
  /** Beyond this many rows, the oldest are deleted. */
  maxRows?: number;
}

const DAY_MS = 86_400_000;

interface PruneStatements {
  olderThan: Database.Statement<[number]>;
  beyondNewest: Database.Statement<[number]>;
}

// Pruning runs from a timer with the store as its only handle; statements are prepared once
// per database and dropped with it.
const preparedFor = new WeakMap<Database.Database, PruneStatements>();

function statementsFor(db: Database.Database): PruneStatements {
  let statements = preparedFor.get(db);
  if (!statements) {
    statements = {
      olderThan: db.prepare<[number]>('DELETE FROM request_log WHERE started_at < ?'),
      beyondNewest: db.prepare<[number]>(
        `DELETE FROM request_log WHERE id IN (
           SELECT id FROM request_log ORDER BY started_at DESC, id DESC LIMIT -1 OFFSET ?)`,
      ),
    };
    preparedFor.set(db, statements);
  }
  return statements;
}

/** Deletes log rows past the limits; returns how many. Queued records are written first. */
export function pruneLog(store: Store, options: RetentionOptions): number {
  const { maxAgeDays, maxRows } = options;
  if (maxAgeDays === undefined && maxRows === undefined) return 0;
  // Otherwise a record still in the queue could outlive the cap it should have counted against.
  store.logWriter.flush();
  const statements = statementsFor(store.db);
  return store.db.transaction(() => {
    let deleted = 0;
    if (maxAgeDays !== undefined && maxAgeDays >= 0) {
      deleted += statements.olderThan.run(Math.round(store.now() - maxAgeDays * DAY_MS)).changes;
    }
    if (maxRows !== undefined && maxRows >= 0) {
      deleted += statements.beyondNewest.run(Math.floor(maxRows)).changes;
    }
    return deleted;
  })();
}

export interface BackgroundRetentionOptions extends RetentionOptions {
  intervalMs: number;
  onPruned?: (deleted: number) => void;
  onError?: (error: unknown) => void;
}

/**
 * Prunes shortly after starting and then every `intervalMs`. The timers are unref'd: retention
 * never keeps the process alive. Stops by itself once the store is closed. Returns a stop; to
 * apply changed limits, stop and start again.
 */
export function startRetention(store: Store, options: BackgroundRetentionOptions): () => void {
  const { maxAgeDays, maxRows } = options;
  const run = (): void => {
    if (!store.db.open) {
      stop();
      return;
    }
    try {
      const deleted = pruneLog(store, { maxAgeDays, maxRows });
      if (deleted > 0) options.onPruned?.(deleted);
    } catch (error) {
      options.onError?.(error);
    }
  };
  const first = setTimeout(run, 0);
  first.unref();
  const interval = setInterval(run, options.intervalMs);
  interval.unref();
  function stop(): void {
    clearTimeout(first);
    clearInterval(interval);
  }
  return stop;
}
