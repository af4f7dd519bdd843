import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { ConversationSearch } from './conversation-search.ts';

describe('ConversationSearch', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  it('searches titles and messages for every word, wildcards taken literally', () => {
    const repo = temp.store.conversations;
    const a = repo.create({ title: 'Trip planning' });
    repo.appendMessage(a.id, { role: 'user', content: 'Where to go in Lisbon?' });
    temp.clock.now += 1000;
    const b = repo.create({ title: 'Budget' });
    repo.appendMessage(b.id, { role: 'assistant', content: 'Save 50% of it' });
    const search = new ConversationSearch(temp.store.db);
    const ids = (q: string) => search.search(q).map((c) => c.id);
    expect(ids('lisbon')).toEqual([a.id]);
    expect(ids('trip LISBON')).toEqual([a.id]);
    expect(ids('trip budget')).toEqual([]);
    expect(ids('50%')).toEqual([b.id]);
    expect(ids('5_%')).toEqual([]);
    // No words: every conversation, as the list orders them.
    expect(ids('  ')).toEqual(repo.list().map((c) => c.id));
    expect(search.search('lisbon')).toEqual([repo.list()[1]]);
  });
});
