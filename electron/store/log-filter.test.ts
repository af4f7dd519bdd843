import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeLike, logFilterSql, type LogFilter } from './log-filter.ts';
import type { ModelAttempt } from '../gateway/server/request-record.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('plain')).toBe('plain');
  });
});

const attempt = (model: string, outcome: string): ModelAttempt => ({
  model,
  status: outcome === 'answered' ? 200 : 429,
  outcome,
  message: null,
  latencyMs: 10,
});

describe('logFilterSql', () => {
  it('has no WHERE for an empty filter', () => {
    expect(logFilterSql({})).toEqual({ where: '', params: {} });
  });

  it('depends on which fields are set, never on their values', () => {
    const a = logFilterSql({ model: 'a', status: 500, text: 'x' });
    const b = logFilterSql({ model: 'b', status: 404, text: 'y' });
    expect(a.where).toBe(b.where);
    expect(a.params).not.toEqual(b.params);
  });

  describe('against a real log', () => {
    let temp: TempStore;
    const ids = (filter: LogFilter): string[] => {
      const { where, params } = logFilterSql(filter);
      return temp.store.db
        .prepare<[typeof params], { request_id: string }>(
          `SELECT request_id FROM request_log ${where} ORDER BY request_id`,
        )
        .all(params)
        .map((row) => row.request_id);
    };

    beforeEach(() => {
      temp = openTempStore();
      const at = Date.UTC(2025, 0, 1);
      for (const record of [
        sampleRecord({ requestId: 'a_ok', startedAt: at }),
        sampleRecord({ requestId: 'b_500', startedAt: at + 10, status: 500, errorMessage: 'boom' }),
        sampleRecord({
          requestId: 'c_cut',
          startedAt: at + 20,
          errorKind: 'upstream_disconnected',
        }),
        sampleRecord({
          requestId: 'd_pct',
          startedAt: at + 30,
          path: '/v1/models/50%',
          model: null,
        }),
        sampleRecord({ requestId: 'e_under', startedAt: at + 40, path: '/v1/a_b' }),
        sampleRecord({
          requestId: 'f_first',
          startedAt: at + 50,
          model: 'coding',
          modelRoute: 'coding',
          servedModel: 'gpt-5',
          modelAttempts: [attempt('gpt-5', 'answered')],
        }),
        sampleRecord({
          requestId: 'g_fell',
          startedAt: at + 60,
          model: 'coding',
          modelRoute: 'coding',
          servedModel: 'gpt-5-mini',
          modelAttempts: [attempt('gpt-5', 'rate_limited'), attempt('gpt-5-mini', 'answered')],
        }),
        sampleRecord({
          requestId: 'h_other',
          startedAt: at + 70,
          model: 'cheap',
          modelRoute: 'cheap',
          servedModel: 'b',
          modelAttempts: [attempt('a', 'upstream_error'), attempt('b', 'answered')],
        }),
      ]) {
        temp.store.logWriter.enqueue(record);
      }
      temp.store.logWriter.flush();
    });
    afterEach(() => temp.dispose());

    it('counts a stream cut after a 200 as an error', () => {
      expect(ids({ status: 'error' })).toEqual(['b_500', 'c_cut']);
      expect(ids({ status: 'ok' })).toEqual([
        'a_ok',
        'd_pct',
        'e_under',
        'f_first',
        'g_fell',
        'h_other',
      ]);
      expect(ids({ status: 500 })).toEqual(['b_500']);
    });

    it('treats from as inclusive and to as exclusive', () => {
      const at = Date.UTC(2025, 0, 1);
      expect(ids({ from: at + 10, to: at + 30 })).toEqual(['b_500', 'c_cut']);
    });

    it('matches text literally, case-insensitively, in id, model, path or error', () => {
      expect(ids({ text: '50%' })).toEqual(['d_pct']);
      expect(ids({ text: 'a_b' })).toEqual(['e_under']);
      expect(ids({ text: 'BOOM' })).toEqual(['b_500']);
      expect(ids({ text: 'C_CU' })).toEqual(['c_cut']);
      expect(ids({ text: 'GEMINI-2.5' })).toHaveLength(4);
    });

    it('selects the requests of one model route', () => {
      expect(ids({ modelRoute: 'coding' })).toEqual(['f_first', 'g_fell']);
      expect(ids({ modelRoute: 'Coding' })).toEqual([]);
    });

    it('selects the requests on which a route moved on to another model', () => {
      expect(ids({ fellBack: true })).toEqual(['g_fell', 'h_other']);
      expect(ids({ fellBack: true, modelRoute: 'coding' })).toEqual(['g_fell']);
      expect(ids({ fellBack: false })).toHaveLength(8);
    });
  });
});
