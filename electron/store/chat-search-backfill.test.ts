import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test/doubles/store/temp-dir.ts';
import { ChatSearchBackfill, startChatSearchBackfill } from './chat-search-backfill.ts';
import { MIGRATIONS, runMigrations } from './migrations.ts';
import { openStore, type Store } from './open-store.ts';

/** A store of schema 7 (before the search index) with two chats, as an update meets it. */
function schema7Store(dir: string): void {
  const db = new Database(join(dir, 'gateway.sqlite'));
  try {
    runMigrations(
      db,
      MIGRATIONS.filter((m) => m.version < 9),
    );
    db.exec(`
      INSERT INTO conversations (id, title, created_at, updated_at)
        VALUES ('trip', 'Trip to Lisbon', 1, 30), ('budget', '预算', 2, 20);
      INSERT INTO messages (id, conversation_id, role, content, created_at) VALUES
        ('m1', 'trip', 'user', 'Where to eat?', 1),
        ('m2', 'budget', 'user', 'Save 50% of it', 2),
        ('m3', 'budget', 'assistant', '好的，数据已保存', 3),
        ('m4', 'trip', 'assistant', 'Try the Alfama district', 4),
        ('m5', 'trip', 'user', 'And Porto?', 5);`);
  } finally {
    db.close();
  }
}

describe('chat search index of a store that had messages before it', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let store: Store;
  beforeEach(() => {
    temp = makeTempDir();
    schema7Store(temp.dir);
    store = openStore(temp.dir);
  });
  afterEach(() => {
    store.close();
    temp.remove();
  });

  const ids = (query: string): string[] => store.conversations.search(query).map((c) => c.id);
  const count = (sql: string): number => store.db.prepare<[], number>(sql).pluck().get() ?? 0;

  it('indexes the titles at once and the messages in batches, newest first', () => {
    const backfill = new ChatSearchBackfill(store.db);
    expect(backfill.stage).toBe('messages');
    expect(count('SELECT count(*) FROM chat_search_words')).toBe(2);
    expect(count('SELECT count(*) FROM chat_search_cjk')).toBe(1);
    // Before any batch: the titles through the index, the messages by LIKE (substrings).
    expect(ids('lisbon')).toEqual(['trip']);
    expect(ids('预算')).toEqual(['budget']);
    expect(ids('EAT')).toEqual(['trip']);
    expect(ids('lfam')).toEqual(['trip']);
    expect(ids('数据')).toEqual(['budget']);

    backfill.indexMessages(2);
    // m4 and m5 indexed; m1..m3 still read by LIKE.
    expect(count('SELECT below FROM chat_search_backfill')).toBe(3);
    expect(count('SELECT count(*) FROM chat_search_words')).toBe(4);
    expect(ids('lfam')).toEqual([]);
    expect(ids('alfama')).toEqual(['trip']);
    expect(ids('eat')).toEqual(['trip']);
    expect(ids('数据 50%')).toEqual(['budget']);

    backfill.indexMessages(2);
    backfill.indexMessages(2);
    expect(backfill.stage).toBe('merge');
    expect(count('SELECT count(*) FROM chat_search_words')).toBe(7);
    expect(count('SELECT count(*) FROM chat_search_cjk')).toBe(2);
    while (backfill.stage === 'merge') backfill.merge(4);
    expect(backfill.stage).toBe('done');
    expect(ids('ea')).toEqual([]);
    expect(ids('eat')).toEqual(['trip']);
    expect(ids('数据')).toEqual(['budget']);
    expect(ids('porto alfama')).toEqual(['trip']);
  });

  it('keeps new messages and edits in step meanwhile, leaving the old ones to the backfill', () => {
    const repo = store.conversations;
    // A new message is indexed at once; an old one edited or deleted before its batch is
    // indexed as it then is (or not at all).
    repo.appendMessage('budget', { role: 'user', content: 'Lisbon too' });
    repo.updateMessage('m1', { content: 'Where to drink?' });
    repo.deleteMessage('m2');
    expect(count('SELECT count(*) FROM chat_search_words')).toBe(3);
    expect(ids('lisbon')).toEqual(['budget', 'trip']);
    expect(ids('drink')).toEqual(['trip']);
    expect(ids('eat')).toEqual([]);
    expect(ids('50')).toEqual([]);

    new ChatSearchBackfill(store.db).finish();
    expect(count('SELECT count(*) FROM chat_search_words')).toBe(2 + 5);
    expect(ids('drink')).toEqual(['trip']);
    expect(ids('eat')).toEqual([]);
    expect(ids('50')).toEqual([]);
    expect(ids('lisbon')).toEqual(['budget', 'trip']);
    // From here on the triggers keep every message in step.
    repo.updateMessage('m3', { content: '好的' });
    expect(ids('数据')).toEqual([]);
    expect(ids('好的')).toEqual(['budget']);
    expect(repo.delete('trip')).toBe(true);
    expect(ids('drink')).toEqual([]);
    expect(count('SELECT count(*) FROM chat_search_words')).toBe(1 + 2);
  });

  it('runs in the background when the store opens, and stops when it closes', async () => {
    store.close();
    const db = new Database(join(temp.dir, 'gateway.sqlite'));
    try {
      const backfill = new ChatSearchBackfill(db);
      const stop = startChatSearchBackfill(db, { delayMs: 0, batchMs: 1 });
      await expect.poll(() => backfill.stage).toBe('done');
      stop();
      expect(db.prepare('SELECT count(*) FROM chat_search_words').pluck().get()).toBe(7);
      // Nothing left to do: nothing scheduled.
      expect(() => startChatSearchBackfill(db)()).not.toThrow();
    } finally {
      db.close();
    }
    store = openStore(temp.dir);
    expect(ids('porto')).toEqual(['trip']);
  });
});

describe('chat search index of a new store', () => {
  it('has nothing to backfill', () => {
    const temp = makeTempDir();
    const store = openStore(temp.dir);
    try {
      expect(new ChatSearchBackfill(store.db).stage).toBe('done');
    } finally {
      store.close();
      temp.remove();
    }
  });
});
