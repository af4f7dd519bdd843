import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredConversation } from '../gateway/canonical/conversion-context.ts';
import {
  SqliteOpaqueStateStore,
  SqliteResponseStore,
  STATE_WRITE_WINDOW_MS,
} from './state-repo.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';

const rowCount = (temp: TempStore, table: string): number =>
  (temp.store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('SqliteOpaqueStateStore', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  it('keeps values byte-exact, across a restart', () => {
    const signature = `  CiQB${'x'.repeat(50_000)}==\n\t é 中 🙂 "quoted" \\ \u0000 end  `;
    temp.store.opaqueState.set('call_1', signature);
    expect(temp.store.opaqueState.get('call_1')).toBe(signature);
    expect(temp.reopen().opaqueState.get('call_1')).toBe(signature);
    expect(temp.store.opaqueState.get('missing')).toBeUndefined();
  });

  it('overwrites a key', () => {
    temp.store.opaqueState.set('k', 'one');
    temp.store.opaqueState.flush();
    temp.store.opaqueState.set('k', 'two');
    expect(temp.store.opaqueState.get('k')).toBe('two');
    temp.store.opaqueState.flush();
    expect(temp.store.opaqueState.get('k')).toBe('two');
    expect(rowCount(temp, 'opaque_state')).toBe(1);
  });

  it('drops the oldest writes beyond its row cap', () => {
    const state = new SqliteOpaqueStateStore(temp.store.db, 3);
    for (const key of ['a', 'b', 'c', 'd']) state.set(key, key);
    state.flush();
    expect(['a', 'b', 'c', 'd'].map((k) => state.get(k))).toEqual([undefined, 'b', 'c', 'd']);
    // Rewriting a key makes it the newest, so it outlives keys written before it.
    state.set('b', 'b2');
    state.set('e', 'e');
    state.flush();
    expect(['b', 'c', 'd', 'e'].map((k) => state.get(k))).toEqual(['b2', undefined, 'd', 'e']);
    for (let i = 0; i < 100; i += 1) {
      state.set(`k${i % 7}`, String(i));
      if (i % 10 === 0) state.flush();
    }
    state.flush();
    expect(rowCount(temp, 'opaque_state')).toBeLessThanOrEqual(3);
    expect(state.get('k1')).toBe('99');
  });
});

describe('SqliteResponseStore', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  const conversation: StoredConversation = {
    messages: [
      { role: 'user', parts: [{ type: 'text', text: 'What is 2+2?' }] },
      {
        role: 'assistant',
        parts: [
          {
            type: 'reasoning',
            text: '',
            state: { responses: { encrypted_content: 'gAAAAB\u00e9==', id: 'rs_1' } },
          },
          {
            type: 'tool-call',
            id: 'call_1',
            name: 'add',
            arguments: '{"a":2, "b":2}',
            state: { gemini: { thoughtSignature: 'sig==' } },
          },
        ],
      },
    ],
  };

  it('returns the stored conversation, equal in every field, across a restart', () => {
    temp.store.responses.set('resp_1', conversation);
    expect(temp.store.responses.get('resp_1')).toEqual(conversation);
    expect(temp.reopen().responses.get('resp_1')).toEqual(conversation);
    expect(temp.store.responses.get('resp_missing')).toBeUndefined();
  });

  it('drops the oldest responses beyond its row cap', () => {
    const responses = new SqliteResponseStore(temp.store.db, 2);
    responses.set('r1', conversation);
    responses.set('r2', conversation);
    responses.set('r3', conversation);
    responses.flush();
    expect(responses.get('r1')).toBeUndefined();
    expect(responses.get('r3')).toEqual(conversation);
    expect(rowCount(temp, 'stored_responses')).toBe(2);
  });

  it('writes behind: readable at once, committed together after a short window', async () => {
    temp.store.responses.set('r1', conversation);
    temp.store.responses.set('r2', conversation);
    expect(rowCount(temp, 'stored_responses')).toBe(0);
    expect(temp.store.responses.get('r1')).toEqual(conversation);
    await new Promise((resolve) => setTimeout(resolve, STATE_WRITE_WINDOW_MS * 3));
    expect(rowCount(temp, 'stored_responses')).toBe(2);
    expect(temp.store.responses.get('r2')).toEqual(conversation);
  });

  it('commits pending writes when the store closes', () => {
    temp.store.responses.set('r1', conversation);
    temp.store.opaqueState.set('call_1', 'sig');
    const reopened = temp.reopen();
    expect(reopened.responses.get('r1')).toEqual(conversation);
    expect(reopened.opaqueState.get('call_1')).toBe('sig');
  });

  it('reads a damaged row as missing', () => {
    temp.store.db
      .prepare(
        "INSERT INTO stored_responses (response_id, conversation, created_at) VALUES ('bad', '{\"x\":1}', 0)",
      )
      .run();
    expect(temp.store.responses.get('bad')).toBeUndefined();
  });
});
