import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryWords, wordMatcher } from '../../test/doubles/store/chat-search-oracle.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { ChatSearch } from './chat-search.ts';

describe('chat search', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  const tick = (): number => (temp.clock.now += 1000);
  const ids = (query: string): string[] => temp.store.conversations.search(query).map((c) => c.id);
  /** A conversation with these messages, a second newer than the last one made. */
  const chat = (title: string, ...contents: string[]): string => {
    tick();
    const repo = temp.store.conversations;
    const { id } = repo.create({ title });
    for (const content of contents) repo.appendMessage(id, { role: 'user', content });
    return id;
  };
  /** What the index holds: a title each, and each message not streaming. */
  const entries = (table = 'chat_search_words'): number =>
    temp.store.db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0;
  const expectedEntries = (): number =>
    temp.store.db
      .prepare<[], number>(
        `SELECT (SELECT count(*) FROM conversations)
           + (SELECT count(*) FROM messages WHERE streaming = 0)`,
      )
      .pluck()
      .get() ?? 0;

  it('finds words in titles and messages, each word anywhere in the conversation', () => {
    const trip = chat('Trip planning', 'Where to go in Lisbon?', 'Try the Alfama district.');
    const budget = chat('Budget', 'Save 50% of it for the trip');
    expect(ids('lisbon')).toEqual([trip]);
    expect(ids('LISBON alfama')).toEqual([trip]);
    expect(ids('planning alfama lisbon')).toEqual([trip]);
    expect(ids('trip')).toEqual([budget, trip]);
    expect(ids('lisbon budget')).toEqual([]);
    expect(ids('madrid')).toEqual([]);
    // No words: every conversation, newest first.
    expect(ids('   ')).toEqual([budget, trip]);
  });

  it('matches the words a part of three letters or more starts, and shorter ones whole', () => {
    const a = chat('Servers', 'The server is down; see the issue tracker.');
    const b = chat('Misc', 'It is OK to serve it cold.');
    expect(ids('ser')).toEqual([b, a]);
    expect(ids('serv')).toEqual([b, a]);
    expect(ids('server')).toEqual([a]);
    expect(ids('servers')).toEqual([a]);
    expect(ids('iss')).toEqual([a]);
    // Two letters: that word only (`is`, not `issue`); one letter likewise.
    expect(ids('is')).toEqual([b, a]);
    expect(ids('ok')).toEqual([b]);
    expect(ids('se')).toEqual([]);
    expect(ids('t')).toEqual([]);
    // Within a word, never: `rver` is in `server` but starts no word.
    expect(ids('rver')).toEqual([]);
  });

  it('ignores case, and the diacritics of Latin letters', () => {
    const cafe = chat('Café', 'Crème brûlée at the ÉCOLE, ÄPFEL and Ελλάδα');
    expect(ids('cafe')).toEqual([cafe]);
    expect(ids('CAFÉ')).toEqual([cafe]);
    expect(ids('creme brulee')).toEqual([cafe]);
    expect(ids('école')).toEqual([cafe]);
    expect(ids('äpfel')).toEqual([cafe]);
    expect(ids('ΕΛΛΆΔΑ')).toEqual([cafe]);
    // unicode61 folds Latin letters' diacritics only.
    expect(ids('ελλαδα')).toEqual([]);
    // Decomposed (NFD) input is the same word.
    expect(ids('cafe\u0301')).toEqual([cafe]);
  });

  it('splits a word where the index splits text: its parts in one title or message', () => {
    const a = chat('Notes', "Don't stop the server-side render.");
    const b = chat('Other', "Don't worry.", 'The side door.');
    expect(ids("don't")).toEqual([b, a]);
    expect(ids('server-side')).toEqual([a]);
    // `server` and `side` are in different messages of b: not this word.
    expect(ids('render-side')).toEqual([a]);
    expect(ids('door-side')).toEqual([b]);
    expect(ids('stop-door')).toEqual([]);
  });

  it('takes FTS5 syntax and punctuation in the query as text, never as operators', () => {
    const quoted = chat('chat', 'say "hi" to *everyone*');
    const near = chat('chat', 'NEAR(alpha beta) and col:value -flag ^caret');
    const or = chat('chat', 'this OR that AND NOT those, (parens)');
    const money = chat('chat', 'Save 50% of it');
    expect(ids('"hi"')).toEqual([quoted]);
    expect(ids('*everyone*')).toEqual([quoted]);
    expect(ids('every*')).toEqual([quoted]);
    expect(ids('NEAR(alpha')).toEqual([near]);
    expect(ids('near(alpha beta)')).toEqual([near]);
    expect(ids('col:value')).toEqual([near]);
    expect(ids('-flag')).toEqual([near]);
    expect(ids('^caret')).toEqual([near]);
    expect(ids('OR')).toEqual([or]);
    expect(ids('AND NOT')).toEqual([or]);
    expect(ids('that OR missing')).toEqual([]);
    expect(ids('(parens)')).toEqual([or]);
    expect(ids('50%')).toEqual([money]);
    // `5` whole: no such word.
    expect(ids('5_%')).toEqual([]);
    // Nothing but punctuation: left out, as no words at all.
    const all = [money, or, near, quoted];
    for (const query of ['"', '*', '-', '(', ')', '""', '"""', '%', '_', ':', '^', '+', '" *'])
      expect(ids(query), query).toEqual(all);
    expect(ids('a"b')).toEqual([]);
    expect(ids('" hi')).toEqual([quoted]);
  });

  it('finds Chinese and Japanese as substrings, also of one or two characters', () => {
    const zh = chat('数据库设计', '我们的数据库很大。', '索引在这里');
    const ja = chat('メモ', '東京でカタカナを勉強しています');
    const mixed = chat('Mixed', 'SQL数据 and Lisbon');
    expect(ids('数据库')).toEqual([zh]);
    expect(ids('数据')).toEqual([mixed, zh]);
    expect(ids('据库')).toEqual([zh]);
    expect(ids('很')).toEqual([zh]);
    // The last characters of a text.
    expect(ids('这里')).toEqual([zh]);
    expect(ids('里')).toEqual([zh]);
    expect(ids('设计')).toEqual([zh]);
    expect(ids('カタカナ')).toEqual([ja]);
    expect(ids('勉強')).toEqual([ja]);
    expect(ids('メモ')).toEqual([ja]);
    expect(ids('sql数据')).toEqual([mixed]);
    expect(ids('数据 lisbon')).toEqual([mixed]);
    expect(ids('设计 很大')).toEqual([zh]);
    expect(ids('数据 东京')).toEqual([]);
    expect(ids('冰岛')).toEqual([]);
    expect(ids('冰')).toEqual([]);
  });

  it('looks for a common Chinese character with LIKE in the conversations that have Chinese', () => {
    // More trigrams start with 的 than one MATCH takes.
    const chars =
      '一二三四五六七八九十人口日月山水火木金土天地上下左右大小多少前后东西南北心手足目耳头';
    const texts = [...chars].flatMap((a) => [...chars].slice(0, 8).map((b) => `的${a}${b}`));
    const many = chat('多', texts.join('，'));
    const other = chat('English', 'nothing here');
    expect(ids('的')).toEqual([many]);
    expect(ids('的一')).toEqual([many]);
    expect(ids('的 nothing')).toEqual([]);
    expect(other).toBeTruthy();
  });

  it('finds the words of every version of a message, the one shown or not', () => {
    const repo = temp.store.conversations;
    const conv = chat('Trip', 'Where in Lisbon?');
    const [question] = repo.get(conv)!.messages;
    const first = repo.appendMessage(conv, { role: 'assistant', content: 'Try Alfama.' });
    repo.appendMessage(conv, { role: 'assistant', content: 'Try Belém.' }, question!.id);
    expect(ids('alfama')).toEqual([conv]);
    expect(ids('belem')).toEqual([conv]);
    repo.showVersion(first.id);
    expect(ids('belem lisbon')).toEqual([conv]);
    expect(entries()).toBe(expectedEntries());
  });

  it('indexes a streamed answer once it ends, finding its text by LIKE meanwhile', () => {
    const repo = temp.store.conversations;
    const conv = chat('Trip', 'Where in Lisbon?');
    const answer = repo.appendMessage(conv, { role: 'assistant', content: '', streaming: true });
    repo.updateMessage(answer.id, { content: 'Try Bel' });
    repo.updateMessage(answer.id, { content: 'Try Belém or Sintra' });
    // Not in the index while it streams: its saves leave the index alone.
    expect(entries()).toBe(expectedEntries());
    expect(entries()).toBe(2);
    // Read by LIKE meanwhile (a substring, ASCII case ignored).
    expect(ids('sintra')).toEqual([conv]);
    expect(ids('intr')).toEqual([conv]);
    repo.updateMessage(answer.id, { content: 'Try Belém or Sintra.', streaming: false });
    expect(entries()).toBe(3);
    expect(ids('sintra')).toEqual([conv]);
    expect(ids('belem')).toEqual([conv]);
    expect(ids('intr')).toEqual([]);
  });

  it('follows messages edited and deleted, and conversations renamed and deleted', () => {
    const repo = temp.store.conversations;
    const conv = chat('Quarterly report', 'Where in Lisbon?', 'And Porto?', 'Then Faro.');
    const other = chat('Groceries', 'quarterly budget for food');
    const [question, porto, faro] = repo.get(conv)!.messages;
    repo.updateMessage(question!.id, { content: 'Where in Madrid?' });
    expect(ids('lisbon')).toEqual([]);
    expect(ids('madrid')).toEqual([conv]);
    // Fields other than the text leave the index as it was.
    repo.updateMessage(question!.id, { costUsd: 0.01, outputTokens: 3 });
    expect(ids('madrid')).toEqual([conv]);

    expect(repo.deleteMessage(porto!.id)).toBe(true);
    expect(ids('porto')).toEqual([]);
    expect(repo.deleteMessage(faro!.id)).toBe(true);
    expect(ids('faro')).toEqual([]);
    expect(ids('madrid')).toEqual([conv]);

    repo.rename(conv, 'Annual summary');
    expect(ids('quarterly')).toEqual([other]);
    expect(ids('annual madrid')).toEqual([conv]);
    repo.update(conv, { model: 'gpt-5' });
    expect(ids('summary')).toEqual([conv]);

    expect(repo.delete(other)).toBe(true);
    expect(ids('food')).toEqual([]);
    expect(ids('quarterly')).toEqual([]);
    expect(entries()).toBe(expectedEntries());
  });

  it('drops a deleted conversation’s entries also where foreign keys are off', () => {
    const zh = chat('数据', '我们的数据库', 'left behind');
    temp.store.db.pragma('foreign_keys = OFF');
    temp.store.db.prepare('DELETE FROM conversations WHERE id = ?').run(zh);
    temp.store.db.pragma('foreign_keys = ON');
    expect(entries()).toBe(0);
    expect(entries('chat_search_cjk')).toBe(0);
    expect(ids('behind')).toEqual([]);
    expect(ids('数据')).toEqual([]);
  });

  it('answers as the word semantics say over random chats, edits and deletes', () => {
    const repo = temp.store.conversations;
    const vocabulary = [
      'alpha',
      'alps',
      'al',
      'a',
      'beta',
      'bet',
      'Béta',
      'gamma',
      'GAM',
      'x',
      '数据库',
      '数据',
      '据',
      '的',
      'カナ',
      "don't",
      'e-mail',
      '50%',
      '"q"',
      '(',
      '*',
    ];
    let seed = 11;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const text = (max: number): string =>
      Array.from({ length: Math.floor(random() * max) }, () =>
        random() < 0.3 ? pick(vocabulary) : pick(vocabulary) + pick(['', '', ' ', '，', '.']),
      ).join(random() < 0.5 ? ' ' : '');
    const oracle = (query: string): string[] => {
      const matchers = queryWords(query)
        .map(wordMatcher)
        .filter((m) => m !== null);
      return repo
        .list()
        .filter((c) => {
          // Every version of every message, shown or not.
          const texts = [c.title, ...repo.tree(c.id)!.messages.map((m) => m.content)];
          return matchers.every((m) => texts.some(m));
        })
        .map((c) => c.id);
    };
    const check = (): void => {
      for (let i = 0; i < 60; i += 1) {
        const query = Array.from({ length: 1 + Math.floor(random() * 2) }, () =>
          pick([...vocabulary, 'alp', 'gam', 'da', '库', 'zzz']),
        ).join(' ');
        expect(ids(query), query).toEqual(oracle(query));
      }
    };
    const conversations = Array.from({ length: 10 }, () => chat(text(4)));
    const messages = Array.from(
      { length: 60 },
      () => repo.appendMessage(pick(conversations), { role: 'user', content: text(10) }).id,
    );
    check();
    for (const id of messages.slice(0, 15)) repo.updateMessage(id, { content: text(10) });
    for (const id of messages.slice(15, 25)) repo.deleteMessage(id);
    for (const id of messages.slice(25, 30)) repo.deleteMessage(id);
    // Other versions of some: each follows what the one it stands beside follows.
    for (const id of messages.slice(30, 36)) {
      const message = repo.message(id);
      if (message)
        repo.appendMessage(
          message.conversationId,
          { role: 'user', content: text(10) },
          message.parentId,
        );
    }
    for (const c of repo.list().slice(0, 3)) repo.rename(c.id, text(4));
    for (const c of repo.list().slice(3, 5)) repo.delete(c.id);
    for (let j = 0; j < 10; j += 1)
      repo.appendMessage(pick(repo.list()).id, { role: 'user', content: text(10) });
    expect(entries()).toBe(expectedEntries());
    check();
  });

  it('searches on a read-only connection of its own', async () => {
    const conv = chat('Trip', 'Where in Lisbon? 数据库');
    const { default: Database } = await import('better-sqlite3');
    const reader = new Database(temp.store.path, { readonly: true });
    try {
      const search = new ChatSearch(reader);
      expect(search.search('lisbon 数据').map((c) => c.id)).toEqual([conv]);
      expect(search.search('').map((c) => c.id)).toEqual([conv]);
    } finally {
      reader.close();
    }
  });
});
