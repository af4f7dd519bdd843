import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../gateway/server/request-record.ts';
import { parseCsv } from '../../test/doubles/store/parse-csv.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';

const T0 = Date.UTC(2025, 2, 1, 9, 0, 0);

describe('RequestLogQueries', () => {
  let temp: TempStore;
  const write = (...records: RequestRecord[]): void => {
    for (const record of records) temp.store.logWriter.enqueue(record);
    temp.store.logWriter.flush();
  };
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  describe('searchLog', () => {
    beforeEach(() => {
      write(
        ...Array.from({ length: 25 }, (_, i) =>
          sampleRecord({
            requestId: `req_${String(i).padStart(2, '0')}`,
            startedAt: T0 + i * 1000,
            model: i % 2 === 0 ? 'gpt-4o-mini' : 'gemini-2.5-flash',
            client: i < 5 ? 'aider' : 'cursor',
            status: i === 7 ? 429 : 200,
          }),
        ),
      );
    });

    it('pages newest first by cursor and counts every match', () => {
      const first = temp.store.requestLog.searchLog({}, { limit: 10 });
      expect(first.total).toEqual({ count: 25, atLeast: false });
      expect(first.rows.map((r) => r.requestId).slice(0, 3)).toEqual([
        'req_24',
        'req_23',
        'req_22',
      ]);
      expect(first.next).toEqual({ startedAt: T0 + 15_000, id: first.rows[9]?.id });
      const second = temp.store.requestLog.searchLog({}, { limit: 10, after: first.next! });
      const last = temp.store.requestLog.searchLog({}, { limit: 10, after: second.next! });
      expect(last.rows.map((r) => r.requestId)).toEqual([
        'req_04',
        'req_03',
        'req_02',
        'req_01',
        'req_00',
      ]);
      expect(last.next).toBeNull();
      expect(second.total).toBeNull();
    });

    it('filters by model, client and status together', () => {
      const page = temp.store.requestLog.searchLog(
        { model: 'gpt-4o-mini', client: 'aider' },
        { limit: 50 },
      );
      expect(page.rows.map((r) => r.requestId)).toEqual(['req_04', 'req_02', 'req_00']);
      expect(page.total).toEqual({ count: 3, atLeast: false });
      const errors = temp.store.requestLog.searchLog({ status: 'error' }, { limit: 50 });
      expect(errors.rows.map((r) => r.requestId)).toEqual(['req_07']);
    });

    it('returns rows as the gateway recorded them, plus the row id', () => {
      const [row] = temp.store.requestLog.searchLog({ text: 'req_03' }, { limit: 1 }).rows;
      expect(row).toMatchObject({
        requestId: 'req_03',
        rules: ['chat.seed_dropped'],
        dropped: ['seed'],
      });
      expect(row?.usage?.cachedInputTokens).toBe(20);
      expect(typeof row?.id).toBe('number');
    });

    it('refuses a negative or fractional page size and caps it', () => {
      expect(() => temp.store.requestLog.searchLog({}, { limit: -1 })).toThrow(RangeError);
      expect(() => temp.store.requestLog.searchLog({}, { limit: 1.5 })).toThrow(RangeError);
      expect(temp.store.requestLog.searchLog({}, { limit: 5000 }).rows).toHaveLength(25);
    });
  });

  describe('getLogEntry', () => {
    it('finds one request by id, capture and the models a route tried included', () => {
      const { limitHold: _hold, ...record } = sampleRecord({
        capture: { requestHeaders: { a: 'b' }, requestBody: '{}', responseBody: 'data: x\n\n' },
        model: 'coding',
        modelRoute: 'coding',
        servedModel: 'gpt-5',
        modelAttempts: [
          { model: 'o3', status: 429, outcome: 'rate_limited', message: null, latencyMs: 3 },
          { model: 'gpt-5', status: 200, outcome: 'answered', message: null, latencyMs: 30 },
        ],
      });
      write({ ...record, limitHold: null });
      expect(temp.store.requestLog.getLogEntry(record.requestId)).toEqual({
        ...record,
        id: expect.any(Number),
      });
      expect(temp.store.requestLog.getLogEntry('req_missing')).toBeNull();
    });
  });

  describe('exportLog', () => {
    const awkward = 'He said "hi", then\r\nleft';
    beforeEach(() => {
      write(
        sampleRecord({ requestId: 'req_b', startedAt: T0 + 1 }),
        sampleRecord({
          requestId: 'req_a',
          startedAt: T0,
          status: 500,
          errorMessage: awkward,
          capture: { requestHeaders: { x: '1' }, requestBody: 'a,b\nc', responseBody: null },
        }),
        sampleRecord({ requestId: 'req_other', startedAt: T0 + 2, model: 'other' }),
      );
    });

    it('writes CSV with a header and quoting that a strict reader takes back', () => {
      const chunks: string[] = [];
      const count = temp.store.requestLog.exportLog('csv', { model: 'gemini-2.5-flash' }, (chunk) =>
        chunks.push(chunk),
      );
      expect(count).toBe(2);
      expect(chunks).toHaveLength(3);
      const [header, first, second] = parseCsv(chunks.join(''));
      expect(header?.slice(0, 3)).toEqual(['id', 'requestId', 'startedAt']);
      const column = (name: string): number => header?.indexOf(name) ?? -1;
      expect(first?.[column('requestId')]).toBe('req_a');
      expect(first?.[column('startedAt')]).toBe('2025-03-01T09:00:00.000Z');
      expect(first?.[column('errorMessage')]).toBe(awkward);
      expect(first?.[column('requestBody')]).toBe('a,b\nc');
      expect(second?.[column('requestId')]).toBe('req_b');
      expect(first).toHaveLength(header?.length ?? 0);
    });

    it('writes one JSON object per line, oldest first', () => {
      let text = '';
      temp.store.requestLog.exportLog('jsonl', {}, (chunk) => {
        text += chunk;
      });
      const lines = text.trimEnd().split('\n');
      expect(lines).toHaveLength(3);
      const parsed = lines.map((line) => JSON.parse(line) as { requestId: string });
      expect(parsed.map((row) => row.requestId)).toEqual(['req_a', 'req_b', 'req_other']);
      expect(text.endsWith('\n')).toBe(true);
    });

    it('reads from an open cursor, row by row, instead of loading the result', () => {
      const busy: boolean[] = [];
      temp.store.requestLog.exportLog('jsonl', {}, () => {
        try {
          temp.store.db.prepare('UPDATE settings SET value = value').run();
          busy.push(false);
        } catch (error) {
          busy.push(/busy/i.test(String(error)));
        }
      });
      expect(busy).toEqual([true, true, true]);
    });

    it('streams: a write that fails stops the export without leaving the database busy', () => {
      let calls = 0;
      expect(() =>
        temp.store.requestLog.exportLog('jsonl', {}, () => {
          calls += 1;
          if (calls === 2) throw new Error('disk full');
        }),
      ).toThrow('disk full');
      expect(calls).toBe(2);
      write(sampleRecord());
      expect(temp.store.requestLog.searchLog({}, { limit: 10 }).total?.count).toBe(4);
    });
  });
});
