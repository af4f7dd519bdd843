import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../gateway/server/request-record.ts';
import type { LogRow } from './log-row.ts';
import { RequestLogWriter, FLUSH_WINDOW_MS } from './request-log-writer.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';

const countRows = (temp: TempStore): number =>
  (temp.store.db.prepare('SELECT count(*) AS n FROM request_log').get() as { n: number }).n;

describe('RequestLogWriter', () => {
  let temp: TempStore;
  let errors: { error: unknown; records: readonly RequestRecord[] }[];
  let writer: RequestLogWriter;
  beforeEach(() => {
    temp = openTempStore();
    errors = [];
    writer = new RequestLogWriter(temp.store.db, {
      onError: (error, records) => errors.push({ error, records }),
    });
  });
  afterEach(() => temp.dispose());

  it('returns from enqueue without writing, and writes within the flush window', async () => {
    writer.enqueue(sampleRecord());
    writer.enqueue(sampleRecord());
    expect(countRows(temp)).toBe(0);
    expect(writer.pending).toBe(2);
    await sleep(FLUSH_WINDOW_MS + 10);
    expect(countRows(temp)).toBe(2);
    expect(writer.pending).toBe(0);
  });

  it('writes at once when a full batch is queued', () => {
    const small = new RequestLogWriter(temp.store.db, { batchSize: 3 });
    small.enqueue(sampleRecord());
    small.enqueue(sampleRecord());
    expect(countRows(temp)).toBe(0);
    small.enqueue(sampleRecord());
    expect(countRows(temp)).toBe(3);
  });

  it('writes a whole burst inside one transaction', async () => {
    const db = temp.store.db;
    const inTransaction: boolean[] = [];
    db.function('note_insert', () => {
      inTransaction.push(db.inTransaction);
      return null;
    });
    db.exec('CREATE TEMP TRIGGER note AFTER INSERT ON request_log BEGIN SELECT note_insert(); END');
    for (let i = 0; i < 50; i += 1) writer.enqueue(sampleRecord());
    await sleep(FLUSH_WINDOW_MS + 10);
    expect(inTransaction).toHaveLength(50);
    expect(inTransaction.every(Boolean)).toBe(true);
    // The trigger itself sees autocommit outside a transaction: a plain insert proves it.
    db.prepare(
      "INSERT INTO request_log (request_id, started_at, method, path, route, stream, status, latency_ms, attempts, cancelled, rules, usage_estimated) VALUES ('plain', 0, 'GET', '/', 'local', 0, 200, 0, 0, 0, '[]', 0)",
    ).run();
    expect(inTransaction.at(-1)).toBe(false);
  });

  it('flush writes synchronously', () => {
    writer.enqueue(sampleRecord());
    writer.flush();
    expect(countRows(temp)).toBe(1);
  });

  it('tells listeners about committed rows, with their ids', () => {
    const seen: LogRow[][] = [];
    const stop = writer.onFlushed((rows) => seen.push([...rows]));
    const record = sampleRecord();
    writer.enqueue(record);
    writer.flush();
    expect(seen).toHaveLength(1);
    const row = seen[0]?.[0];
    expect(row?.requestId).toBe(record.requestId);
    expect(temp.store.requestLog.getLogEntry(record.requestId)?.id).toBe(row?.id);
    stop();
    writer.enqueue(sampleRecord());
    writer.flush();
    expect(seen).toHaveLength(1);
  });

  it('reports a throwing listener instead of passing the error on', () => {
    writer.onFlushed(() => {
      throw new Error('listener broke');
    });
    writer.enqueue(sampleRecord());
    expect(() => writer.flush()).not.toThrow();
    expect(countRows(temp)).toBe(1);
    expect(String(errors[0]?.error)).toContain('listener broke');
  });

  it('keeps the good records of a batch when one is refused', () => {
    const bad = sampleRecord({ method: null as unknown as string });
    const good = [sampleRecord(), sampleRecord()];
    writer.enqueue(good[0] as RequestRecord);
    writer.enqueue(bad);
    writer.enqueue(good[1] as RequestRecord);
    writer.flush();
    expect(countRows(temp)).toBe(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.records).toEqual([bad]);
  });

  it('keeps the first of two records with the same id and reports the second', () => {
    const record = sampleRecord();
    writer.enqueue(record);
    writer.enqueue({ ...record, status: 500 });
    writer.flush();
    expect(countRows(temp)).toBe(1);
    expect(temp.store.requestLog.getLogEntry(record.requestId)?.status).toBe(200);
    expect(String(errors[0]?.error)).toMatch(/Duplicate/);
  });

  it('reports, never throws, when the database is gone', () => {
    writer.enqueue(sampleRecord());
    temp.store.db.close();
    expect(() => writer.flush()).not.toThrow();
    expect(errors[0]?.records).toHaveLength(1);
  });

  it('writes what is queued on close and reports records that come after', () => {
    writer.enqueue(sampleRecord());
    writer.close();
    expect(countRows(temp)).toBe(1);
    const late = sampleRecord();
    writer.enqueue(late);
    expect(errors[0]?.records).toEqual([late]);
    writer.close();
  });
});
