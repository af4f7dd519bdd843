import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CatalogSnapshotRepo } from './catalog-snapshot-repo.ts';
import { startChatSearchBackfill } from './chat-search-backfill.ts';
import { ConversationRepo } from './conversation-repo.ts';
import { ExternalChanges } from './external-changes.ts';
import { runMigrations } from './migrations.ts';
import { ModelOverrideRepo } from './model-override-repo.ts';
import { ModelRouteRepo } from './model-route-repo.ts';
import { ProfileRepo } from './profile-repo.ts';
import { BUSY_TIMEOUT_MS } from './read-connection.ts';
import { RequestLogQueries } from './request-log-queries.ts';
import { RequestLogWriter, type LogErrorHandler } from './request-log-writer.ts';
import { SettingsRepo } from './settings-repo.ts';
import { StoreReader } from './store-reader.ts';
import {
  DEFAULT_OPAQUE_STATE_LIMIT,
  DEFAULT_RESPONSE_LIMIT,
  SqliteOpaqueStateStore,
  SqliteResponseStore,
} from './state-repo.ts';
import { TokenLimitRepo } from './token-limit-repo.ts';
import { SqliteLimitLedger } from './limit-ledger.ts';
import { TokenRepo } from './token-repo.ts';
import { UsageQueries } from './usage-queries.ts';

export const DATABASE_FILE = 'gateway.sqlite';

export interface StoreOptions {
  /** The clock for every timestamp the store sets itself; tests pass a fake one. */
  now?: () => number;
  /** Where request-log write failures go (default: stderr). */
  onLogError?: LogErrorHandler;
  /** Row caps of the translation state tables. */
  opaqueStateLimit?: number;
  responseLimit?: number;
}

export interface Store {
  readonly path: string;
  /** The connection, for maintenance (retention, integrity checks); repositories cover the rest. */
  readonly db: Database.Database;
  readonly now: () => number;
  readonly logWriter: RequestLogWriter;
  /** On this thread: the CLI's commands, and reads of a few rows (one entry, a token's spend). */
  readonly requestLog: RequestLogQueries;
  readonly usage: UsageQueries;
  /**
   * The same reads on a worker thread with its own read-only connection, for the app, where
   * the gateway shares this thread (store-reader.ts). What `logWriter` still queues is not in
   * them: flush it first.
   */
  readonly reader: StoreReader;
  readonly tokens: TokenRepo;
  readonly profiles: ProfileRepo;
  readonly settings: SettingsRepo;
  readonly conversations: ConversationRepo;
  readonly catalogSnapshots: CatalogSnapshotRepo;
  readonly modelOverrides: ModelOverrideRepo;
  /** Model routes, resolved from memory on every request. */
  readonly modelRoutes: ModelRouteRepo;
  /** Budgets and limits per local token, read from memory on every request. */
  readonly tokenLimits: TokenLimitRepo;
  /** What each token has used of its limits, shared with the other gateways on the data dir. */
  readonly limitLedger: SqliteLimitLedger;
  readonly opaqueState: SqliteOpaqueStateStore;
  readonly responses: SqliteResponseStore;
  /**
   * Ends the reader's worker, writes the queued log records and translation state, then closes
   * the database. Safe to call twice. (Await `reader.close()` first to have the worker's
   * connection closed before this one.)
   */
  close(): void;
}

/**
 * Opens (creating if needed) `<dataDir>/gateway.sqlite` and brings its schema up to date.
 *
 * WAL lets the UI read while the log writes, and with `synchronous = NORMAL` a commit survives
 * the process crashing (only a power cut can lose the last commits), at a fraction of FULL's
 * fsync cost: the right trade for a log on the request path.
 */
export function openStore(dataDir: string, options: StoreOptions = {}): Store {
  // The database holds captured prompts and token digests: private to the user.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // `mode` applies only to a folder created now: one that exists keeps its mode unless tightened.
  restrictToOwner(dataDir, 0o700);
  const path = join(dataDir, DATABASE_FILE);
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    restrictToOwner(path, 0o600);
    db.pragma('journal_mode = WAL');
    // Deleted rows (captured bodies pruned by retention) are overwritten, not left in free pages.
    db.pragma('secure_delete = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    runMigrations(db);
    return assemble(db, path, options);
  } catch (error) {
    db.close();
    throw error;
  }
}

function assemble(db: Database.Database, path: string, options: StoreOptions): Store {
  const now = options.now ?? Date.now;
  const logWriter = new RequestLogWriter(db, { onError: options.onLogError });
  const opaqueState = new SqliteOpaqueStateStore(
    db,
    options.opaqueStateLimit ?? DEFAULT_OPAQUE_STATE_LIMIT,
    now,
  );
  const responses = new SqliteResponseStore(
    db,
    options.responseLimit ?? DEFAULT_RESPONSE_LIMIT,
    now,
  );
  const changes = new ExternalChanges(db);
  const tokenLimits = new TokenLimitRepo(db, now, changes);
  // Renaming a route rewrites the limits that name it, on this connection: no external change.
  const modelRoutes = new ModelRouteRepo(db, now, changes, () => tokenLimits.reload());
  const limitLedger = new SqliteLimitLedger(db, { now });
  // A request's budget share is settled with its log row: its claim shrinks as its metered
  // cost enters the running totals, in the same transaction.
  logWriter.addBatchHook({
    inTransaction: (records) => limitLedger.settleInTransaction(records),
    afterCommit: (records) => limitLedger.settledInMemory(records),
  });
  const reader = new StoreReader(path);
  // Messages from before the search index, indexed in the background (none on a new store).
  const stopBackfill = startChatSearchBackfill(db, {
    onError: (error) =>
      process.stderr.write(
        `chat search index: ${error instanceof Error ? error.message : String(error)}\n`,
      ),
  });
  let closed = false;
  return {
    path,
    db,
    now,
    logWriter,
    requestLog: new RequestLogQueries(db),
    usage: new UsageQueries(db),
    reader,
    tokens: new TokenRepo(db, now, changes),
    profiles: new ProfileRepo(db, now),
    settings: new SettingsRepo(db, now, changes),
    conversations: new ConversationRepo(db, now),
    catalogSnapshots: new CatalogSnapshotRepo(db),
    modelOverrides: new ModelOverrideRepo(db, now),
    modelRoutes,
    tokenLimits,
    limitLedger,
    opaqueState,
    responses,
    close() {
      if (closed) return;
      closed = true;
      void reader.close();
      stopBackfill();
      try {
        opaqueState.flush();
        responses.flush();
        logWriter.close();
        limitLedger.close();
      } finally {
        db.close();
      }
    },
  };
}

function restrictToOwner(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch {
    // Best effort: some file systems (and Windows) have no such modes; the directory is 0700.
  }
}
