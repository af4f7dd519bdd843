import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { LOG_COLUMN_NAMES } from './log-row.ts';
import { ChatSearch } from './chat-search.ts';
import { StoreReader } from './store-reader.ts';

const T0 = Date.UTC(2025, 0, 15, 9, 0, 0);
const CRASHING_WORKER = new URL(
  '../../test/doubles/store/crashing-read-worker.ts',
  import.meta.url,
);

/** `count` copies of the newest log row, one millisecond apart, written by SQL in one go. */
function copyNewestRow(temp: TempStore, count: number): void {
  const columns = LOG_COLUMN_NAMES.map((name) =>
    name === 'request_id' ? `'req_copy_' || i` : name === 'started_at' ? 'started_at - i' : name,
  );
  temp.store.db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO request_log (${LOG_COLUMN_NAMES.join(', ')})
       SELECT ${columns.join(', ')} FROM n, (SELECT * FROM request_log ORDER BY id DESC LIMIT 1)`,
    )
    .run(count);
}

/** setImmediate turns of this thread's event loop until `promise` settles. */
async function turnsWhile(promise: Promise<unknown>): Promise<number> {
  let turns = 0;
  let settled = false;
  const done = promise.finally(() => {
    settled = true;
  });
  while (!settled) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    turns += 1;
  }
  await done;
  return turns;
}

describe('StoreReader', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
    const models = ['gpt-4o-mini', 'gemini-2.5-flash', 'claude-haiku-4-5'];
    for (let i = 0; i < 30; i += 1) {
      temp.store.logWriter.enqueue(
        sampleRecord({
          requestId: `req_${String(i).padStart(2, '0')}`,
          startedAt: T0 + i * 60_000,
          model: models[i % 3]!,
          client: i < 10 ? 'aider' : 'cursor',
          status: i % 7 === 0 ? 500 : 200,
          errorMessage: i % 7 === 0 ? 'upstream broke' : null,
        }),
      );
    }
    temp.store.logWriter.flush();
    const trip = temp.store.conversations.create({ title: 'Trip planning' });
    temp.store.conversations.appendMessage(trip.id, { role: 'user', content: 'Lisbon in May?' });
    temp.store.conversations.create({ title: 'Budget' });
  });
  afterEach(() => temp.dispose());

  it('answers every read as the queries on the main connection do', async () => {
    const { store } = temp;
    const range = { from: T0 + 5 * 60_000 + 30_000, to: T0 + 25 * 60_000 };
    const filter = { client: 'cursor', status: 'ok' as const };
    expect(await store.reader.read('searchLog', filter, { limit: 7 })).toEqual(
      store.requestLog.searchLog(filter, { limit: 7 }),
    );
    expect(await store.reader.read('searchLog', { text: 'broke' }, { limit: 50 })).toEqual(
      store.requestLog.searchLog({ text: 'broke' }, { limit: 50 }),
    );
    expect(await store.reader.read('logEntry', 'req_12')).toEqual(
      store.requestLog.getLogEntry('req_12'),
    );
    expect(await store.reader.read('logEntry', 'req_missing')).toBeNull();
    for (const format of ['csv', 'jsonl'] as const) {
      const chunks: string[] = [];
      store.requestLog.exportLog(format, { model: 'gpt-4o-mini' }, (c) => chunks.push(c));
      expect(await store.reader.read('exportLog', format, { model: 'gpt-4o-mini' })).toBe(
        chunks.join(''),
      );
    }
    expect(await store.reader.read('usageTotals', range)).toEqual(store.usage.usageTotals(range));
    expect(await store.reader.read('usageSeries', { ...range, bucket: 'hour' })).toEqual(
      store.usage.usageSeries({ ...range, bucket: 'hour' }),
    );
    for (const by of ['model', 'token', 'route', 'modelRoute', 'day'] as const) {
      expect(await store.reader.read('usageBy', { ...range, by })).toEqual(
        store.usage.usageBy({ ...range, by }),
      );
    }
    const search = new ChatSearch(store.db);
    for (const query of ['lisbon', 'budget', '']) {
      expect(await store.reader.read('searchConversations', query)).toEqual(search.search(query));
    }
  });

  it('sees rows committed on the main connection just before the read', async () => {
    expect(await temp.store.reader.read('logEntry', 'req_new')).toBeNull();
    temp.store.logWriter.enqueue(sampleRecord({ requestId: 'req_new' }));
    temp.store.logWriter.flush();
    expect(await temp.store.reader.read('logEntry', 'req_new')).toMatchObject({
      requestId: 'req_new',
    });
  });

  it('fails a read with the error the query throws, of the same class', async () => {
    const local = (() => {
      try {
        temp.store.requestLog.searchLog({}, { limit: -1 });
      } catch (error) {
        return error;
      }
    })();
    expect(local).toBeInstanceOf(RangeError);
    const remote = temp.store.reader.read('searchLog', {}, { limit: -1 });
    await expect(remote).rejects.toBeInstanceOf(RangeError);
    await expect(remote).rejects.toThrow((local as RangeError).message);
    // The worker is still there for the next read.
    expect(await temp.store.reader.read('logEntry', 'req_00')).toMatchObject({ status: 500 });
  });

  it('reads on another thread: the event loop keeps turning while a long read runs', async () => {
    copyNewestRow(temp, 50_000);
    const reader = temp.store.reader;
    // Started and connected beforehand, so only the read itself is pending below.
    await reader.read('logEntry', 'req_00');
    expect(reader.threadId).not.toBeNull();
    // The whole log as CSV: every row read and encoded, the longest read the app makes.
    const search = reader.read('exportLog', 'csv', {});
    const turns = await turnsWhile(search);
    expect((await search).split('\n').length).toBeGreaterThan(50_000);
    // On this thread the read would run between two turns and the loop could not turn during it.
    expect(turns).toBeGreaterThan(10);
  });

  it('starts a new worker after one dies, failing the reads it held', async () => {
    const reader = new StoreReader(temp.store.path, { workerUrl: CRASHING_WORKER });
    try {
      expect(await reader.read('logEntry', 'req_01')).toMatchObject({ requestId: 'req_01' });
      const first = reader.threadId;
      const crash = reader.read('searchConversations', 'lisbon');
      const queued = reader.read('logEntry', 'req_00');
      await expect(crash).rejects.toThrow(/store reader stopped \(exit code 70\)/);
      await expect(queued).rejects.toThrow(/the next read starts it again/);
      expect(reader.threadId).toBeNull();
      expect(await reader.read('logEntry', 'req_00')).toMatchObject({ requestId: 'req_00' });
      expect(reader.threadId).not.toBe(first);
    } finally {
      await reader.close();
    }
  });

  it('warm starts the worker before any read, once, and the first read uses that thread', async () => {
    const reader = new StoreReader(temp.store.path);
    try {
      expect(reader.threadId).toBeNull();
      reader.warm();
      const warmed = reader.threadId;
      expect(warmed).not.toBeNull();
      reader.warm();
      expect(reader.threadId).toBe(warmed);
      expect(await reader.read('logEntry', 'req_01')).toMatchObject({ requestId: 'req_01' });
      expect(reader.threadId).toBe(warmed);
    } finally {
      await reader.close();
    }
    reader.warm();
    expect(reader.threadId).toBeNull();
  });

  it('fails the read, saying why, when the worker cannot start or the file cannot be opened', async () => {
    const missingScript = new StoreReader(temp.store.path, {
      workerUrl: new URL('./no-such-worker.ts', import.meta.url),
    });
    await expect(missingScript.read('logEntry', 'req_00')).rejects.toThrow(
      /store reader stopped \(.*no-such-worker/,
    );
    await missingScript.close();
    const missingFile = new StoreReader(`${temp.dir}/elsewhere.sqlite`);
    try {
      // Opened read-only, the file must exist: the reader never creates a database.
      await expect(missingFile.read('logEntry', 'req_00')).rejects.toThrow(/unable to open/);
      expect(missingFile.threadId).not.toBeNull();
    } finally {
      await missingFile.close();
    }
  });

  it('close ends the worker and its connection, and fails reads from then on', async () => {
    const { store } = temp;
    await store.reader.read('logEntry', 'req_00');
    const pending = expect(store.reader.read('searchLog', {}, { limit: 10 })).rejects.toThrow(
      'The store is closed.',
    );
    await store.reader.close();
    await pending;
    expect(store.reader.threadId).toBeNull();
    await expect(store.reader.read('logEntry', 'req_00')).rejects.toThrow('The store is closed.');
    // The main connection is the last one left: closing it checkpoints and removes the WAL.
    store.close();
    expect(existsSync(`${store.path}-wal`)).toBe(false);
  });
});
