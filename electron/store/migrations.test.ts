import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, runMigrations, schemaVersion, type Migration } from './migrations.ts';
import type { LogFilter } from './log-filter.ts';
import { ConversationRepo } from './conversation-repo.ts';
import { DATABASE_FILE, openStore } from './open-store.ts';
import {
  roundedCosts,
  storedTotals,
  totalsFromLog,
} from '../../test/doubles/store/usage-totals.ts';
import { makeTempDir } from '../../test/doubles/store/temp-dir.ts';

const tableNames = (db: Database.Database): string[] =>
  db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
    )
    .all()
    .map((row) => row.name);

const LATEST = MIGRATIONS.at(-1)?.version ?? 0;

describe('migrations', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let db: Database.Database;
  beforeEach(() => {
    temp = makeTempDir();
    db = new Database(join(temp.dir, 'm.sqlite'));
  });
  afterEach(() => {
    db.close();
    temp.remove();
  });

  it('creates every table and records the version', () => {
    expect(runMigrations(db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)?.version);
    expect(tableNames(db)).toEqual([
      'catalog_snapshots',
      // Chat search: its state, keys, two FTS5 indexes (each with its shadow tables) and the
      // trigram index's term list.
      'chat_search_backfill',
      'chat_search_cjk',
      'chat_search_cjk_config',
      'chat_search_cjk_data',
      'chat_search_cjk_docsize',
      'chat_search_cjk_idx',
      'chat_search_cjk_terms',
      'chat_search_keys',
      'chat_search_words',
      'chat_search_words_config',
      'chat_search_words_data',
      'chat_search_words_docsize',
      'chat_search_words_idx',
      'chat_search_words_terms',
      'conversations',
      'limit_claims',
      'local_tokens',
      'messages',
      'model_overrides',
      'model_routes',
      'opaque_state',
      'request_log',
      'settings',
      'stored_responses',
      'token_limits',
      'upstream_profiles',
      'usage_daily',
      'usage_hourly',
    ]);
  });

  it('indexes the request log on the columns the Logs page filters by', () => {
    runMigrations(db);
    const indexed = db
      .prepare<[], { name: string }>("PRAGMA index_list('request_log')")
      .all()
      .flatMap((index) =>
        db
          .prepare<[], { name: string }>(`PRAGMA index_info('${index.name}')`)
          .all()
          .map((column) => column.name),
      );
    expect(indexed).toEqual(
      expect.arrayContaining(['started_at', 'model', 'status', 'request_id']),
    );
    // Nothing reads the log by token (its spend is in usage_hourly): not worth an index per insert.
    expect(indexed).not.toContain('client_token_id');
  });

  it('does nothing the second time', () => {
    runMigrations(db);
    expect(runMigrations(db)).toEqual([]);
  });

  it('applies a new migration on top of an existing database, keeping its data', () => {
    runMigrations(db);
    db.prepare("INSERT INTO settings VALUES ('port', '8787', 0)").run();
    const next: Migration = {
      version: LATEST + 1,
      name: 'add a note to settings',
      up: (d) => d.exec('ALTER TABLE settings ADD COLUMN note TEXT'),
    };
    expect(runMigrations(db, [...MIGRATIONS, next])).toEqual([LATEST + 1]);
    expect(schemaVersion(db)).toBe(LATEST + 1);
    expect(db.prepare('SELECT key, value, note FROM settings').all()).toEqual([
      { key: 'port', value: '8787', note: null },
    ]);
  });

  it('rolls a failing migration back whole, leaving the version where it was', () => {
    runMigrations(db);
    const broken: Migration = {
      version: LATEST + 1,
      name: 'broken',
      up: (d) => {
        d.exec('CREATE TABLE half_done (x INTEGER)');
        d.exec('THIS IS NOT SQL');
      },
    };
    expect(() => runMigrations(db, [...MIGRATIONS, broken])).toThrow();
    expect(schemaVersion(db)).toBe(LATEST);
    expect(tableNames(db)).not.toContain('half_done');
  });

  it('refuses a database written by a newer app', () => {
    runMigrations(db);
    db.pragma('user_version = 99');
    expect(() => runMigrations(db)).toThrow(/newer than this app knows/);
  });

  it('refuses migrations out of order', () => {
    const m = (version: number): Migration => ({ version, name: `v${version}`, up: () => {} });
    expect(() => runMigrations(db, [m(1), m(3), m(2)])).toThrow(/increasing/);
  });
});

describe('migration 2: dropped fields on the request log', () => {
  it('gives rows logged before it an empty list', () => {
    const temp = makeTempDir();
    const db = new Database(join(temp.dir, 'm.sqlite'));
    try {
      runMigrations(db, MIGRATIONS.slice(0, 1));
      db.exec(
        "INSERT INTO request_log (request_id, started_at, method, path, route, stream, status, latency_ms, attempts, cancelled, rules, usage_estimated) VALUES ('old', 0, 'GET', '/', 'local', 0, 200, 0, 0, 0, '[]', 0)",
      );
      expect(runMigrations(db)).toEqual(MIGRATIONS.slice(1).map((m) => m.version));
      const row = db
        .prepare<[], { dropped: string }>(
          "SELECT dropped FROM request_log WHERE request_id = 'old'",
        )
        .get();
      expect(row?.dropped).toBe('[]');
    } finally {
      db.close();
      temp.remove();
    }
  });
});

describe('migration 6: chat attachments', () => {
  it('gives messages stored before it no attachments', () => {
    const temp = makeTempDir();
    const db = new Database(join(temp.dir, 'm.sqlite'));
    try {
      runMigrations(
        db,
        MIGRATIONS.filter((m) => m.version < 6),
      );
      db.exec(`
        INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c', 't', 0, 0);
        INSERT INTO messages (id, conversation_id, role, content, created_at)
          VALUES ('m', 'c', 'user', 'old question', 0);`);
      runMigrations(db);
      const row = db
        .prepare<[], { attachments: string }>("SELECT attachments FROM messages WHERE id = 'm'")
        .get();
      expect(row?.attachments).toBe('[]');
    } finally {
      db.close();
      temp.remove();
    }
  });
});

describe('migration 7: running usage totals', () => {
  it('builds the totals of the log as it stands', () => {
    const temp = makeTempDir();
    const db = new Database(join(temp.dir, 'm.sqlite'));
    try {
      runMigrations(db, MIGRATIONS.slice(0, 6));
      const insert = db.prepare(
        `INSERT INTO request_log (request_id, started_at, client, client_token_id, method, path,
           client_format, upstream_format, route, model, stream, status, error_kind, latency_ms,
           attempts, cancelled, rules, input_tokens, output_tokens, cached_tokens,
           reasoning_tokens, usage_estimated, cost_usd)
         VALUES (?, ?, ?, ?, 'POST', '/v1/chat/completions', ?, ?, ?, ?, 1, ?, ?, 100, 1, 0,
           '[]', ?, ?, 1, 0, ?, ?)`,
      );
      const hour = Date.UTC(2025, 0, 1);
      insert.run(
        'a',
        hour + 1,
        'cursor',
        'tok_c',
        'chat',
        'chat',
        'passthrough',
        'm1',
        200,
        null,
        10,
        5,
        0,
        0.5,
      );
      insert.run(
        'b',
        hour + 2,
        'cursor',
        'tok_c',
        'chat',
        'chat',
        'passthrough',
        'm1',
        500,
        null,
        1,
        0,
        1,
        null,
      );
      insert.run(
        'c',
        hour + 3_600_000,
        'cursor',
        'tok_c',
        'chat',
        'gemini',
        'translated',
        'm2',
        200,
        'cut',
        null,
        null,
        0,
        0.25,
      );
      insert.run(
        'd',
        hour + 5,
        null,
        null,
        'chat',
        null,
        'rejected',
        null,
        401,
        null,
        null,
        null,
        0,
        null,
      );
      runMigrations(db);
      for (const period of ['hour', 'day'] as const) {
        expect(roundedCosts(storedTotals(db, period))).toEqual(
          roundedCosts(totalsFromLog(db, period)),
        );
      }
      expect(storedTotals(db)).toHaveLength(3);
      expect(storedTotals(db)[0]).toMatchObject({
        client: '',
        model: '',
        model_route: '',
        upstream_format: '',
        requests: 1,
        errors: 1,
        input_tokens: 0,
      });
    } finally {
      db.close();
      temp.remove();
    }
  });
});

describe('migration 8: an index in time order for each filter of the Logs page', () => {
  it('replaces the single-column indexes on a store with rows, and searches find the same', () => {
    const temp = makeTempDir();
    try {
      const db = new Database(join(temp.dir, DATABASE_FILE));
      runMigrations(db, MIGRATIONS.slice(0, 7));
      const insert = db.prepare<
        [string, number, string | null, number, string | null, string | null]
      >(
        `INSERT INTO request_log (request_id, started_at, client, method, path, route, model,
           stream, status, latency_ms, attempts, cancelled, rules, usage_estimated, model_route,
           model_attempts)
         VALUES (?, ?, ?, 'POST', '/v1/chat/completions', 'passthrough', 'm', 1, ?, 10, 1, 0,
           '[]', 0, ?, ?)`,
      );
      const twoTries = JSON.stringify([{ model: 'a' }, { model: 'b' }]);
      insert.run('ok', 1000, 'cursor', 200, null, null);
      insert.run('failed', 2000, 'cursor', 500, null, null);
      insert.run('fell-back', 3000, 'codex', 200, 'coding', twoTries);
      insert.run('first-try', 4000, 'codex', 200, 'coding', JSON.stringify([{ model: 'a' }]));
      // Written by hand, not by the app: it must not stop the migration (nor count as a fallback).
      insert.run('garbled', 5000, 'codex', 200, 'coding', '[{"model": ');
      expect(runMigrations(db)).toEqual(
        MIGRATIONS.filter((m) => m.version >= 8).map((m) => m.version),
      );
      const indexes = db
        .prepare<[], string>(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'request_log'",
        )
        .pluck()
        .all();
      expect(indexes).toEqual(
        expect.arrayContaining([
          'request_log_model_time',
          'request_log_client_time',
          'request_log_status_time',
          'request_log_errors',
          'request_log_fell_back',
          'request_log_route_fell_back',
        ]),
      );
      const gone = ['request_log_model', 'request_log_client', 'request_log_status'];
      for (const name of [...gone, 'request_log_client_token_id'])
        expect(indexes).not.toContain(name);
      db.close();

      const store = openStore(temp.dir);
      const ids = (filter: LogFilter): string[] =>
        store.requestLog.searchLog(filter, { limit: 10 }).rows.map((row) => row.requestId);
      expect(ids({ status: 'error' })).toEqual(['failed']);
      expect(ids({ fellBack: true })).toEqual(['fell-back']);
      expect(ids({ modelRoute: 'coding', fellBack: true })).toEqual(['fell-back']);
      expect(ids({ client: 'cursor' })).toEqual(['failed', 'ok']);
      expect(ids({ status: 200, model: 'm' })).toEqual(['garbled', 'first-try', 'fell-back', 'ok']);
      store.close();
    } finally {
      temp.remove();
    }
  });
});

describe('opening a store twice', () => {
  it('migrates once and reopens the same data', () => {
    const temp = makeTempDir();
    try {
      const first = openStore(temp.dir);
      first.settings.set('port', 8787);
      first.close();
      const second = openStore(temp.dir);
      expect(schemaVersion(second.db)).toBe(MIGRATIONS.at(-1)?.version);
      expect(second.settings.get('port', 0)).toBe(8787);
      second.close();
    } finally {
      temp.remove();
    }
  });
});

describe('migration 11: chat error kinds', () => {
  it('keeps every conversation and message; older failures have no kind, new ones keep theirs', () => {
    const temp = makeTempDir();
    const db = new Database(join(temp.dir, 'm.sqlite'));
    try {
      runMigrations(
        db,
        MIGRATIONS.filter((m) => m.version < 11),
      );
      db.exec(`
        INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c', 'old chat', 0, 0);
        INSERT INTO messages (id, conversation_id, role, content, created_at)
          VALUES ('m1', 'c', 'user', 'old question', 1);
        INSERT INTO messages (id, conversation_id, role, content, error, created_at)
          VALUES ('m2', 'c', 'assistant', '', 'Rate limit reached, retry after 20 s', 2);`);
      expect(runMigrations(db)).toContain(11);

      const repo = new ConversationRepo(db, () => 3);
      const old = repo.get('c');
      expect(old?.title).toBe('old chat');
      expect(
        old?.messages.map((m) => [m.id, m.content, m.error, m.errorKind, m.errorStatus]),
      ).toEqual([
        ['m1', 'old question', null, null, null],
        ['m2', '', 'Rate limit reached, retry after 20 s', null, null],
      ]);

      const failed = repo.appendMessage('c', {
        role: 'assistant',
        content: '',
        error: 'The upstream rejected the key',
        errorKind: 'key_rejected',
        errorStatus: 401,
      });
      expect(repo.message(failed.id)).toMatchObject({
        errorKind: 'key_rejected',
        errorStatus: 401,
      });
      // A retry that worked clears them; a patch that leaves them out keeps them.
      repo.updateMessage(failed.id, { content: 'partial' });
      expect(repo.message(failed.id)).toMatchObject({
        errorKind: 'key_rejected',
        errorStatus: 401,
      });
      repo.updateMessage(failed.id, { error: null, errorKind: null, errorStatus: null });
      expect(repo.message(failed.id)).toMatchObject({ errorKind: null, errorStatus: null });

      // A kind this app does not know (a newer app's) reads as none.
      db.prepare("UPDATE messages SET error_kind = 'from_the_future' WHERE id = 'm2'").run();
      expect(repo.message('m2')?.errorKind).toBeNull();
    } finally {
      db.close();
      temp.remove();
    }
  });
});

describe('migration 12: versions of a message', () => {
  it('turns each conversation into a chain of what was said, all of it shown and searchable', () => {
    const temp = makeTempDir();
    try {
      const db = new Database(join(temp.dir, DATABASE_FILE));
      runMigrations(
        db,
        MIGRATIONS.filter((m) => m.version < 12),
      );
      // Two conversations written at the same time: their messages interleave in seq.
      db.exec(`
        INSERT INTO conversations (id, title, created_at, updated_at) VALUES
          ('a', 'Trip', 0, 0), ('b', 'Budget', 0, 0), ('empty', 'Nothing', 0, 0);
        INSERT INTO messages (id, conversation_id, role, content, created_at) VALUES
          ('a1', 'a', 'user', 'Where in Lisbon?', 1),
          ('b1', 'b', 'user', 'How much?', 2),
          ('a2', 'a', 'assistant', 'Try Alfama.', 3),
          ('b2', 'b', 'assistant', 'Fifty.', 4),
          ('a3', 'a', 'user', 'And Porto?', 5);`);
      const indexed = (): unknown =>
        db.prepare('SELECT count(*) FROM chat_search_words').pluck().get();
      const entriesBefore = indexed();
      runMigrations(db);
      expect(indexed()).toBe(entriesBefore);
      db.close();

      const store = openStore(temp.dir);
      const repo = store.conversations;
      const shown = repo.get('a');
      expect(shown?.messages.map((m) => [m.id, m.parentId])).toEqual([
        ['a1', null],
        ['a2', 'a1'],
        ['a3', 'a2'],
      ]);
      expect(shown?.versions).toEqual({});
      expect(repo.get('b')?.messages.map((m) => m.content)).toEqual(['How much?', 'Fifty.']);
      expect(repo.get('empty')?.messages).toEqual([]);
      expect(repo.search('alfama porto').map((c) => c.id)).toEqual(['a']);
      // Going on from there: a new message follows the last, a regenerated answer its question.
      expect(repo.appendMessage('b', { role: 'user', content: 'Why?' }).parentId).toBe('b2');
      repo.appendMessage('a', { role: 'assistant', content: 'Try Belém.' }, 'a1');
      expect(repo.get('a')?.versions).toEqual({
        [repo.get('a')!.messages[1]!.id]: ['a2', expect.any(String)],
      });
      expect(repo.showVersion('a2')?.messages.map((m) => m.id)).toEqual(['a1', 'a2', 'a3']);
      store.close();
    } finally {
      temp.remove();
    }
  });
});

describe('migration 13: untitled conversations', () => {
  it('stores the English default title as no title, and leaves the others as they are', () => {
    const temp = makeTempDir();
    const db = new Database(join(temp.dir, 'm.sqlite'));
    try {
      runMigrations(
        db,
        MIGRATIONS.filter((m) => m.version < 13),
      );
      db.exec(`
        INSERT INTO conversations (id, title, created_at, updated_at) VALUES
          ('new', 'New chat', 0, 0), ('named', 'New chat ideas', 0, 0), ('trip', 'Trip', 0, 0);`);
      expect(runMigrations(db)).toEqual([13]);
      const repo = new ConversationRepo(db, () => 1);
      expect(['new', 'named', 'trip'].map((id) => repo.get(id)?.title)).toEqual([
        '',
        'New chat ideas',
        'Trip',
      ]);
      // A new conversation is untitled too, and renaming to nothing makes it untitled again.
      const created = repo.create({ model: 'm' });
      expect(created.title).toBe('');
      expect(repo.update('trip', { title: '  ' })?.title).toBe('');
    } finally {
      db.close();
      temp.remove();
    }
  });
});
