import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from './open-store.ts';
import { makeTempDir } from '../../test/doubles/store/temp-dir.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';

describe('openStore', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('creates the directory and the database file inside it', () => {
    const dataDir = join(temp.dir, 'nested', 'data');
    const store = openStore(dataDir);
    expect(store.path).toBe(join(dataDir, 'gateway.sqlite'));
    expect(existsSync(store.path)).toBe(true);
    store.close();
  });

  it('sets WAL, NORMAL sync, foreign keys and a busy timeout', () => {
    const store = openStore(temp.dir);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(1);
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    store.close();
  });

  it.skipIf(process.platform === 'win32')('keeps the database private to the user', () => {
    const store = openStore(temp.dir);
    expect(statSync(store.path).mode & 0o077).toBe(0);
    store.close();
  });

  it('writes queued log records on close, and closing twice is harmless', () => {
    const store = openStore(temp.dir);
    const record = sampleRecord();
    store.logWriter.enqueue(record);
    store.close();
    store.close();
    expect(store.db.open).toBe(false);
    const reopened = openStore(temp.dir);
    expect(reopened.requestLog.getLogEntry(record.requestId)?.requestId).toBe(record.requestId);
    reopened.close();
  });

  it('uses the clock it is given for the timestamps it sets', () => {
    const store = openStore(temp.dir, { now: () => 1_234_567 });
    expect(store.conversations.create({ title: 't' }).createdAt).toBe(1_234_567);
    store.close();
  });
});
