import type Database from 'better-sqlite3';
import { createChatSearchIndex } from './chat-search-migration.ts';
import { createMessageTree } from './message-tree-migration.ts';

export interface Migration {
  /** Strictly increasing; stored in `PRAGMA user_version` once applied. */
  version: number;
  name: string;
  up(db: Database.Database): void;
}

/**
 * The schema, as an append-only history. Never edit a released migration: add one. SQLite
 * cannot alter most column definitions in place, so a change of shape is a new table and a copy.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    up(db) {
      db.exec(`
        CREATE TABLE settings (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        );

        CREATE TABLE upstream_profiles (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL COLLATE NOCASE UNIQUE,
          base_url TEXT NOT NULL,
          pricing_url TEXT,
          active INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1)),
          created_at INTEGER NOT NULL
        );
        -- At most one active profile; the repository keeps it exactly one while any exist.
        CREATE UNIQUE INDEX upstream_profiles_one_active ON upstream_profiles (active) WHERE active = 1;

        CREATE TABLE local_tokens (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL COLLATE NOCASE,
          prefix TEXT NOT NULL,
          token_hash TEXT NOT NULL UNIQUE,
          created_at INTEGER NOT NULL,
          last_used_at INTEGER,
          revoked_at INTEGER
        );
        -- A revoked token's name may be reused; its rows stay so old log entries keep their owner.
        CREATE UNIQUE INDEX local_tokens_active_name ON local_tokens (name) WHERE revoked_at IS NULL;

        CREATE TABLE request_log (
          id INTEGER PRIMARY KEY,
          request_id TEXT NOT NULL UNIQUE,
          started_at INTEGER NOT NULL,
          client TEXT,
          client_token_id TEXT,
          method TEXT NOT NULL,
          path TEXT NOT NULL,
          client_format TEXT,
          upstream_format TEXT,
          route TEXT NOT NULL,
          model TEXT,
          stream INTEGER NOT NULL,
          status INTEGER NOT NULL,
          error_kind TEXT,
          error_message TEXT,
          latency_ms REAL NOT NULL,
          ttfb_ms REAL,
          attempts INTEGER NOT NULL,
          cancelled INTEGER NOT NULL,
          rules TEXT NOT NULL,
          input_tokens INTEGER,
          output_tokens INTEGER,
          total_tokens INTEGER,
          cached_tokens INTEGER,
          reasoning_tokens INTEGER,
          usage_estimated INTEGER NOT NULL,
          cost_usd REAL,
          tariff TEXT,
          request_headers TEXT,
          request_body TEXT,
          response_body TEXT
        );
        CREATE INDEX request_log_started_at ON request_log (started_at);
        CREATE INDEX request_log_model ON request_log (model);
        CREATE INDEX request_log_client_token_id ON request_log (client_token_id);
        CREATE INDEX request_log_client ON request_log (client);
        CREATE INDEX request_log_status ON request_log (status);

        CREATE TABLE conversations (
          id TEXT PRIMARY KEY,
          title TEXT NOT NULL,
          model TEXT,
          system_prompt TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE INDEX conversations_updated_at ON conversations (updated_at);

        -- seq orders messages within a conversation; ids are random and say nothing about order.
        CREATE TABLE messages (
          seq INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
          role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
          content TEXT NOT NULL,
          model TEXT,
          route TEXT,
          input_tokens INTEGER,
          output_tokens INTEGER,
          cost_usd REAL,
          error TEXT,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX messages_conversation ON messages (conversation_id, seq);

        CREATE TABLE catalog_snapshots (
          id INTEGER PRIMARY KEY,
          key_id TEXT NOT NULL,
          models TEXT NOT NULL,
          pricing TEXT NOT NULL,
          fetched_at INTEGER NOT NULL
        );
        CREATE INDEX catalog_snapshots_key ON catalog_snapshots (key_id, fetched_at);

        CREATE TABLE model_overrides (
          model_id TEXT PRIMARY KEY,
          markers TEXT,
          tariff TEXT,
          updated_at INTEGER NOT NULL
        );

        -- seq is insertion order, so the row cap can drop the oldest with a range delete.
        CREATE TABLE opaque_state (
          seq INTEGER PRIMARY KEY,
          key TEXT NOT NULL UNIQUE,
          value TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );

        CREATE TABLE stored_responses (
          seq INTEGER PRIMARY KEY,
          response_id TEXT NOT NULL UNIQUE,
          conversation TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 2,
    name: 'request log: dropped fields',
    up(db) {
      // Rows written before this column existed dropped nothing they could name.
      db.exec(`ALTER TABLE request_log ADD COLUMN dropped TEXT NOT NULL DEFAULT '[]';`);
    },
  },
  {
    version: 3,
    name: 'request log: prompt-cache writes',
    up(db) {
      // Null on older rows: no upstream reported cache writes to them.
      db.exec('ALTER TABLE request_log ADD COLUMN cache_write_tokens INTEGER;');
    },
  },
  {
    version: 4,
    name: 'chat: stopped answers',
    up(db) {
      // Answers saved before this column existed were not known to be stopped.
      db.exec('ALTER TABLE messages ADD COLUMN stopped INTEGER NOT NULL DEFAULT 0;');
    },
  },
  {
    version: 5,
    name: 'chat: generation parameters',
    up(db) {
      // JSON, so a parameter added later needs no migration; '{}' is every model default.
      db.exec(`ALTER TABLE conversations ADD COLUMN params TEXT NOT NULL DEFAULT '{}';`);
    },
  },
  {
    version: 6,
    name: 'chat: attachments',
    up(db) {
      // JSON: a message's images (base64) and text files, in the order they were attached.
      // Messages written before had none.
      db.exec(`ALTER TABLE messages ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';`);
    },
  },
  {
    version: 7,
    name: 'model routes, token limits and running usage totals',
    up(db) {
      db.exec(`
        -- The model route a request asked for (or a budget sent it to), the model that answered,
        -- and each model a route tried (JSON; null on rows without a route).
        ALTER TABLE request_log ADD COLUMN model_route TEXT;
        ALTER TABLE request_log ADD COLUMN served_model TEXT;
        ALTER TABLE request_log ADD COLUMN model_attempts TEXT;
        CREATE INDEX request_log_model_route ON request_log (model_route, started_at)
          WHERE model_route IS NOT NULL;

        -- A name clients send as their model, standing for catalog models tried in order.
        CREATE TABLE model_routes (
          name TEXT PRIMARY KEY,
          models TEXT NOT NULL,
          shadow INTEGER NOT NULL DEFAULT 0 CHECK (shadow IN (0, 1)),
          first_byte_timeout_ms INTEGER,
          max_retry_after_ms INTEGER,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );

        -- Budgets and limits per local token; null: that one is unlimited.
        CREATE TABLE token_limits (
          token_id TEXT PRIMARY KEY REFERENCES local_tokens (id) ON DELETE CASCADE,
          daily_usd REAL,
          weekly_usd REAL,
          monthly_usd REAL,
          rpm INTEGER,
          tpm INTEGER,
          models TEXT,
          then_route TEXT,
          updated_at INTEGER NOT NULL
        );

        -- Running totals, added to as log rows are written, so neither Usage nor a budget check
        -- scans the log. '' stands for "none" in key columns (NULLs would not match in the key).
        -- model is the model that answered (else the one asked for).
        CREATE TABLE usage_hourly (
          hour INTEGER NOT NULL,
          client_token_id TEXT NOT NULL,
          client TEXT NOT NULL,
          model TEXT NOT NULL,
          model_route TEXT NOT NULL,
          client_format TEXT NOT NULL,
          upstream_format TEXT NOT NULL,
          route TEXT NOT NULL,
          requests INTEGER NOT NULL,
          errors INTEGER NOT NULL,
          input_tokens INTEGER NOT NULL,
          output_tokens INTEGER NOT NULL,
          cached_tokens INTEGER NOT NULL,
          reasoning_tokens INTEGER NOT NULL,
          cost_usd REAL NOT NULL,
          estimated_requests INTEGER NOT NULL,
          PRIMARY KEY (hour, client_token_id, client, model, model_route, client_format,
                       upstream_format, route)
        ) WITHOUT ROWID;
        -- A budget's spend is read from this index alone (cost_usd in it): a month of a busy
        -- token is a few thousand entries, and a lookup in the table for each took ten times as long.
        CREATE INDEX usage_hourly_token ON usage_hourly (client_token_id, hour, cost_usd);

        -- The same totals per UTC day, for ranges of days: 90 days of a busy machine are about
        -- 60,000 hourly rows, too many to group five ways each time the Usage page opens.
        CREATE TABLE usage_daily (
          day INTEGER NOT NULL,
          client_token_id TEXT NOT NULL,
          client TEXT NOT NULL,
          model TEXT NOT NULL,
          model_route TEXT NOT NULL,
          client_format TEXT NOT NULL,
          upstream_format TEXT NOT NULL,
          route TEXT NOT NULL,
          requests INTEGER NOT NULL,
          errors INTEGER NOT NULL,
          input_tokens INTEGER NOT NULL,
          output_tokens INTEGER NOT NULL,
          cached_tokens INTEGER NOT NULL,
          reasoning_tokens INTEGER NOT NULL,
          cost_usd REAL NOT NULL,
          estimated_requests INTEGER NOT NULL,
          PRIMARY KEY (day, client_token_id, client, model, model_route, client_format,
                       upstream_format, route)
        ) WITHOUT ROWID;

        -- What each gateway process (holder) may use of a token's limit in a window: the share
        -- its requests in flight hold plus room it took ahead, so that most requests are admitted
        -- without a write. Other processes count it as used until it expires or shrinks.
        CREATE TABLE limit_claims (
          token_id TEXT NOT NULL,
          counter TEXT NOT NULL,
          window_start INTEGER NOT NULL,
          holder TEXT NOT NULL,
          granted REAL NOT NULL,
          used REAL NOT NULL,
          expires_at INTEGER NOT NULL,
          PRIMARY KEY (token_id, counter, window_start, holder)
        ) WITHOUT ROWID;
      `);
      // The totals of the log as it stands; from here on the log writer adds each batch.
      db.exec(`
        INSERT INTO usage_hourly
        SELECT (started_at / 3600000) * 3600000,
               coalesce(client_token_id, ''), coalesce(client, ''), coalesce(model, ''), '',
               coalesce(client_format, ''), coalesce(upstream_format, ''), route,
               count(*),
               sum(CASE WHEN status >= 400 OR error_kind IS NOT NULL THEN 1 ELSE 0 END),
               coalesce(sum(input_tokens), 0), coalesce(sum(output_tokens), 0),
               coalesce(sum(cached_tokens), 0), coalesce(sum(reasoning_tokens), 0),
               total(cost_usd), sum(usage_estimated)
        FROM request_log
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;

        INSERT INTO usage_daily
        SELECT (hour / 86400000) * 86400000, client_token_id, client, model, model_route,
               client_format, upstream_format, route,
               sum(requests), sum(errors), sum(input_tokens), sum(output_tokens),
               sum(cached_tokens), sum(reasoning_tokens), total(cost_usd),
               sum(estimated_requests)
        FROM usage_hourly
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
      `);
    },
  },
  {
    version: 8,
    name: 'request log: an index in time order for each filter of the Logs page',
    up(db) {
      // The Logs page reads newest first, a page after a cursor (started_at, id). An index on
      // the filtered column alone had SQLite read every matching row and sort them for each
      // page (a second for one model at 1,000,000 rows); with started_at after the key it walks
      // the index in order and stops after a page. These replace the single-column indexes they
      // extend (anything those answered, these answer), so a log insert maintains as many as
      // before, plus three partial ones that hold a few percent of rows at most: the failures,
      // and the requests on which a route moved on to another model (also by route, for a
      // route's card on the Routes page). The partial indexes' WHERE is the text of the filter's
      // condition (log-filter.ts): SQLite uses a partial index only for a query that says the same.
      db.exec(`
        DROP INDEX request_log_model;
        DROP INDEX request_log_client;
        DROP INDEX request_log_status;
        CREATE INDEX request_log_model_time ON request_log (model, started_at);
        CREATE INDEX request_log_client_time ON request_log (client, started_at);
        CREATE INDEX request_log_status_time ON request_log (status, started_at);
        CREATE INDEX request_log_errors ON request_log (started_at)
          WHERE (status >= 400 OR error_kind IS NOT NULL);
        CREATE INDEX request_log_fell_back ON request_log (started_at)
          WHERE (model_route IS NOT NULL AND
                 json_array_length(CASE WHEN json_valid(model_attempts) THEN model_attempts END) > 1);
        CREATE INDEX request_log_route_fell_back ON request_log (model_route, started_at)
          WHERE (model_route IS NOT NULL AND
                 json_array_length(CASE WHEN json_valid(model_attempts) THEN model_attempts END) > 1);
      `);
    },
  },
  {
    version: 9,
    name: 'chat: search index',
    up(db) {
      // Its SQL and why it is shaped so: chat-search-migration.ts.
      createChatSearchIndex(db);
    },
  },
  {
    version: 10,
    name: 'request log: no index on the client token',
    up(db) {
      // Nothing reads the log by token any more (a token's spend comes from usage_hourly), and
      // every log insert paid for this index: a B-tree insert, and a page more to commit.
      db.exec('DROP INDEX IF EXISTS request_log_client_token_id;');
    },
  },
  {
    version: 11,
    name: 'chat: a failed answer keeps its error kind and status',
    up(db) {
      // Older failed answers keep both null: the UI words them by their text, as it did.
      db.exec(`
        ALTER TABLE messages ADD COLUMN error_kind TEXT;
        ALTER TABLE messages ADD COLUMN error_status INTEGER;
      `);
    },
  },
  {
    version: 12,
    name: 'chat: versions of a message (a tree of replies)',
    up(db) {
      // Its SQL and why it is shaped so: message-tree-migration.ts.
      createMessageTree(db);
    },
  },
  {
    version: 13,
    name: 'chat: untitled conversations stored without a title',
    up(db) {
      // Titled in English by the app until now; the UI names an untitled one in its language.
      db.exec(`UPDATE conversations SET title = '' WHERE title = 'New chat'`);
    },
  },
];

export const schemaVersion = (db: Database.Database): number =>
  db.pragma('user_version', { simple: true }) as number;

/**
 * Brings the database up to the newest migration, each in its own transaction together with
 * the version bump, so a crash leaves it at a clean version. Returns the versions applied.
 */
export function runMigrations(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
): number[] {
  migrations.forEach((migration, index) => {
    const previous = index === 0 ? 0 : (migrations[index - 1]?.version ?? 0);
    if (!Number.isInteger(migration.version) || migration.version <= previous) {
      throw new Error(`Migration versions must be increasing integers (at '${migration.name}').`);
    }
  });
  const current = schemaVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `The database is at schema version ${current}, newer than this app knows (${latest}). ` +
        'It was written by a newer version of the app; update the app to open it.',
    );
  }
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    const ran = db
      .transaction(() => {
        // Another process (the CLI beside the app) may have migrated while this one waited for
        // the write lock, so the version is read again under the lock.
        if (schemaVersion(db) >= migration.version) return false;
        migration.up(db);
        // user_version lives in the database header, which is written inside this transaction.
        db.pragma(`user_version = ${migration.version}`);
        return true;
      })
      .immediate();
    if (ran) applied.push(migration.version);
  }
  return applied;
}
