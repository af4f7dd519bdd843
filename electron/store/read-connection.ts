import Database from 'better-sqlite3';

/** How long a connection of the store waits for another's lock before giving up (SQLITE_BUSY). */
export const BUSY_TIMEOUT_MS = 5_000;

/**
 * A connection to the store's file that cannot write: the store reader's (store-read-worker.ts).
 * The file must exist (the main connection created it, in WAL mode, which lets this one read
 * while that one writes); `query_only` refuses writes even through a statement that would try.
 */
export function openReadConnection(path: string): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma('query_only = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
