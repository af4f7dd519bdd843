import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../gateway/server/request-record.ts';
import type { LogRow } from './log-row.ts';
import { RequestLogWriter, FLUSH_WINDOW_MS } from './request-log-writer.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import {
  roundedCosts,
  storedTotals,
  totalsFromLog,
} from '../../test/doubles/store/usage-totals.ts';

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
    // What the request held against its limits is not part of the log.
    expect(row && 'limitHold' in row).toBe(false);
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

  describe('running usage totals', () => {
    const HOUR = 3_600_000;
    const at = Date.UTC(2025, 2, 3, 9);
    const mixed = (): RequestRecord[] => [
      sampleRecord({ startedAt: at + 1 }),
      sampleRecord({ startedAt: at + 2, costUsd: 0.25, usageEstimated: true }),
      sampleRecord({ startedAt: at + HOUR - 1, status: 500, usage: null, costUsd: null }),
      sampleRecord({ startedAt: at + HOUR, errorKind: 'upstream_disconnected' }),
      sampleRecord({ startedAt: at + 15 * HOUR, costUsd: 1.5 }),
      sampleRecord({
        startedAt: at + 5,
        model: 'coding',
        modelRoute: 'coding',
        servedModel: 'gpt-5',
        clientFormat: 'chat',
        upstreamFormat: 'chat',
        route: 'passthrough',
      }),
      sampleRecord({ startedAt: at + 6, client: 'aider', clientTokenId: 'tok_aider' }),
      sampleRecord({
        startedAt: at + 7,
        client: null,
        clientTokenId: null,
        model: null,
        route: 'rejected',
        status: 401,
        upstreamFormat: null,
        usage: null,
        costUsd: null,
      }),
    ];

    it('adds each written batch, so they equal an aggregate of the log', () => {
      for (const record of mixed()) writer.enqueue(record);
      writer.flush();
      for (const record of mixed())
        writer.enqueue({ ...record, startedAt: record.startedAt + HOUR });
      writer.flush();
      expect(storedTotals(temp.store.db).length).toBeGreaterThan(5);
      for (const period of ['hour', 'day'] as const) {
        expect(roundedCosts(storedTotals(temp.store.db, period))).toEqual(
          roundedCosts(totalsFromLog(temp.store.db, period)),
        );
      }
    });

    it('counts a duplicate once, in the same batch or a later one', () => {
      const record = sampleRecord({ startedAt: at });
      writer.enqueue(record);
      writer.enqueue({ ...record, costUsd: 9 });
      writer.flush();
      writer.enqueue({ ...record, costUsd: 9 });
      writer.flush();
      expect(storedTotals(temp.store.db)).toMatchObject([{ requests: 1, cost_usd: 0.000123 }]);
      expect(storedTotals(temp.store.db, 'day')).toMatchObject([{ requests: 1 }]);
    });

    it('counts none of a refused record and all of its batch mates', () => {
      const records = mixed();
      records.splice(2, 0, sampleRecord({ startedAt: at, method: null as unknown as string }));
      for (const record of records) writer.enqueue(record);
      writer.flush();
      expect(errors).toHaveLength(1);
      expect(countRows(temp)).toBe(records.length - 1);
      for (const period of ['hour', 'day'] as const) {
        expect(roundedCosts(storedTotals(temp.store.db, period))).toEqual(
          roundedCosts(totalsFromLog(temp.store.db, period)),
        );
      }
    });
  });

  describe('batch hooks', () => {
    interface Call {
      phase: 'in' | 'after';
      ids: string[];
      inTransaction: boolean;
      totalled: number;
    }
    let calls: Call[];
    const totalled = (): number =>
      (
        temp.store.db.prepare('SELECT coalesce(sum(requests), 0) AS n FROM usage_hourly').get() as {
          n: number;
        }
      ).n;
    const note =
      (phase: Call['phase']) =>
      (written: readonly RequestRecord[]): void => {
        calls.push({
          phase,
          ids: written.map((r) => r.requestId),
          inTransaction: temp.store.db.inTransaction,
          totalled: totalled(),
        });
      };
    beforeEach(() => {
      calls = [];
    });

    it('sees the inserted records inside the transaction, with their totals, then after commit', () => {
      writer.addBatchHook({ inTransaction: note('in'), afterCommit: note('after') });
      const first = sampleRecord();
      writer.enqueue(first);
      writer.enqueue({ ...first }); // a duplicate: not written, not shown to the hook
      writer.enqueue(sampleRecord({ requestId: 'second' }));
      writer.flush();
      expect(calls).toEqual([
        { phase: 'in', ids: [first.requestId, 'second'], inTransaction: true, totalled: 2 },
        { phase: 'after', ids: [first.requestId, 'second'], inTransaction: false, totalled: 2 },
      ]);
    });

    it('is not called for a batch that wrote nothing', () => {
      writer.addBatchHook({ inTransaction: note('in'), afterCommit: note('after') });
      const record = sampleRecord();
      writer.enqueue(record);
      writer.flush();
      calls = [];
      writer.enqueue({ ...record });
      writer.flush();
      expect(calls).toEqual([]);
    });

    it('runs once per record, in its own transaction, when a batch is retried record by record', () => {
      writer.addBatchHook({ inTransaction: note('in'), afterCommit: note('after') });
      const bad = sampleRecord({ method: null as unknown as string });
      writer.enqueue(sampleRecord({ requestId: 'a' }));
      writer.enqueue(bad);
      writer.enqueue(sampleRecord({ requestId: 'c' }));
      writer.flush();
      expect(calls.map((c) => [c.phase, c.ids, c.inTransaction, c.totalled])).toEqual([
        ['in', ['a'], true, 1],
        ['after', ['a'], false, 1],
        ['in', ['c'], true, 2],
        ['after', ['c'], false, 2],
      ]);
    });

    it('keeps the rows and undoes only the hook’s writes when the hook fails', () => {
      const db = temp.store.db;
      db.exec('CREATE TABLE hook_notes (id TEXT)');
      const insertNote = db.prepare<[string]>('INSERT INTO hook_notes VALUES (?)');
      writer.addBatchHook({
        inTransaction(written) {
          for (const record of written) insertNote.run(record.requestId);
          throw new Error('ledger broke');
        },
        afterCommit: note('after'),
      });
      writer.enqueue(sampleRecord({ requestId: 'kept' }));
      writer.flush();
      expect(countRows(temp)).toBe(1);
      expect(totalled()).toBe(1);
      expect(db.prepare('SELECT count(*) AS n FROM hook_notes').get()).toEqual({ n: 0 });
      expect(String(errors[0]?.error)).toContain('ledger broke');
      expect(calls.map((c) => c.ids)).toEqual([['kept']]);
    });

    it('reports a failing afterCommit and keeps going', () => {
      writer.addBatchHook({
        inTransaction: () => {},
        afterCommit: () => {
          throw new Error('after broke');
        },
      });
      writer.addBatchHook({ inTransaction: note('in'), afterCommit: note('after') });
      writer.enqueue(sampleRecord());
      expect(() => writer.flush()).not.toThrow();
      expect(String(errors[0]?.error)).toContain('after broke');
      expect(calls.map((c) => c.phase)).toEqual(['in', 'after']);
    });

    it('stops calling a removed hook', () => {
      const remove = writer.addBatchHook({ inTransaction: note('in'), afterCommit: note('after') });
      remove();
      writer.enqueue(sampleRecord());
      writer.flush();
      expect(calls).toEqual([]);
    });
  });
});
