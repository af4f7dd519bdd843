import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';

describe('ConversationRepo', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  const tick = (): number => (temp.clock.now += 1000);

  it('creates with defaults and reads back with messages in order', () => {
    const repo = temp.store.conversations;
    const conv = repo.create({ model: 'gemini-2.5-flash', systemPrompt: 'Be brief.' });
    expect(conv).toMatchObject({ title: '', model: 'gemini-2.5-flash' });
    const user = repo.appendMessage(conv.id, { role: 'user', content: 'Hi' });
    const answer = repo.appendMessage(conv.id, {
      role: 'assistant',
      content: 'Hello!',
      model: 'gemini-2.5-flash',
      route: 'chat→gemini (translated)',
      inputTokens: 5,
      outputTokens: 2,
      costUsd: 0.0001,
    });
    const loaded = repo.get(conv.id);
    expect(loaded?.systemPrompt).toBe('Be brief.');
    expect(loaded?.messages.map((m) => m.id)).toEqual([user.id, answer.id]);
    expect(loaded?.messages[1]).toEqual(answer);
    expect(repo.get('conv_missing')).toBeNull();
  });

  it('lists the most recently updated first', () => {
    const repo = temp.store.conversations;
    const a = repo.create({ title: 'a' });
    tick();
    const b = repo.create({ title: 'b' });
    tick();
    repo.appendMessage(a.id, { role: 'user', content: 'bump' });
    expect(repo.list().map((c) => c.title)).toEqual(['a', 'b']);
    tick();
    repo.rename(b.id, 'b2');
    expect(repo.list().map((c) => c.title)).toEqual(['b2', 'a']);
  });

  it('renames and updates only the fields given', () => {
    const repo = temp.store.conversations;
    const conv = repo.create({ title: 'x', model: 'm1', systemPrompt: 'p' });
    expect(repo.rename(conv.id, 'Trip plans')).toBe(true);
    expect(repo.update(conv.id, { model: 'm2' })).toMatchObject({
      title: 'Trip plans',
      model: 'm2',
      systemPrompt: 'p',
    });
    expect(repo.update(conv.id, { systemPrompt: null })?.systemPrompt).toBeNull();
    expect(repo.rename('conv_missing', 'x')).toBe(false);
  });

  it('deletes a conversation with its messages', () => {
    const repo = temp.store.conversations;
    const conv = repo.create();
    repo.appendMessage(conv.id, { role: 'user', content: 'Hi' });
    expect(repo.delete(conv.id)).toBe(true);
    expect(repo.delete(conv.id)).toBe(false);
    const count = temp.store.db.prepare('SELECT count(*) AS n FROM messages').get() as {
      n: number;
    };
    expect(count.n).toBe(0);
  });

  it('refuses a message for a conversation that does not exist', () => {
    expect(() =>
      temp.store.conversations.appendMessage('conv_missing', { role: 'user', content: 'x' }),
    ).toThrow(/FOREIGN KEY/);
  });

  it('completes a streamed message in place, keeping fields not given', () => {
    const repo = temp.store.conversations;
    const conv = repo.create();
    const msg = repo.appendMessage(conv.id, { role: 'assistant', content: '', model: 'm' });
    tick();
    repo.updateMessage(msg.id, { content: 'Hel' });
    const done = repo.updateMessage(msg.id, {
      content: 'Hello',
      inputTokens: 3,
      outputTokens: 1,
      costUsd: 0.01,
    });
    expect(done).toMatchObject({ content: 'Hello', model: 'm', inputTokens: 3, error: null });
    expect(repo.updateMessage(msg.id, { error: 'cut off' })?.content).toBe('Hello');
    expect(repo.list()[0]?.updatedAt).toBe(temp.clock.now);
    expect(repo.updateMessage('msg_missing', { content: 'x' })).toBeNull();
  });

  it('keeps whether an answer was stopped, and keeps it when other fields change', () => {
    const repo = temp.store.conversations;
    const conv = repo.create();
    const msg = repo.appendMessage(conv.id, { role: 'assistant', content: '' });
    expect(msg.stopped).toBe(false);
    expect(repo.updateMessage(msg.id, { content: 'Par', stopped: true })?.stopped).toBe(true);
    expect(repo.updateMessage(msg.id, { costUsd: 0.1 })?.stopped).toBe(true);
    expect(repo.get(conv.id)?.messages[0]?.stopped).toBe(true);
  });

  it('keeps a message’s attachments in order, also when its text is edited', () => {
    const repo = temp.store.conversations;
    const conv = repo.create();
    const attachments = [
      { kind: 'image', name: 'a.png', mimeType: 'image/png', data: 'iVBORw0=', size: 5 },
      { kind: 'text', name: 'notes.md', text: '# Notes', size: 7 },
    ] as const;
    const msg = repo.appendMessage(conv.id, { role: 'user', content: 'Look', attachments });
    expect(msg.attachments).toEqual(attachments);
    repo.updateMessage(msg.id, { content: 'Look again' });
    expect(repo.get(conv.id)?.messages[0]?.attachments).toEqual(attachments);
    // Answers and older messages have none.
    expect(repo.appendMessage(conv.id, { role: 'assistant', content: 'x' }).attachments).toEqual(
      [],
    );
  });

  it('reads damaged attachment JSON as none rather than failing the conversation', () => {
    const repo = temp.store.conversations;
    const conv = repo.create();
    const msg = repo.appendMessage(conv.id, { role: 'user', content: 'x' });
    temp.store.db
      .prepare('UPDATE messages SET attachments = ? WHERE id = ?')
      .run('[{"kind":', msg.id);
    expect(repo.get(conv.id)?.messages[0]?.attachments).toEqual([]);
    temp.store.db
      .prepare('UPDATE messages SET attachments = ? WHERE id = ?')
      .run('[{"kind":"image","name":"x","mimeType":"image/bmp","data":"AA==","size":1}]', msg.id);
    expect(repo.get(conv.id)?.messages[0]?.attachments).toEqual([]);
  });

  it('creates a conversation with its messages at once', () => {
    const repo = temp.store.conversations;
    const conv = repo.createWithMessages(
      { title: 'Replayed', model: 'm', systemPrompt: 'Be brief.' },
      [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a', model: 'm' },
      ],
    );
    expect(conv).toMatchObject({ title: 'Replayed', model: 'm', systemPrompt: 'Be brief.' });
    expect(repo.get(conv.id)?.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'q'],
      ['assistant', 'a'],
    ]);
    // A message that cannot be stored leaves no half-made conversation behind.
    const before = repo.list().length;
    expect(() =>
      repo.createWithMessages({ title: 'Broken' }, [
        { role: 'user', content: 'q' },
        { role: 'tool' as 'user', content: 'not a role' },
      ]),
    ).toThrow();
    expect(repo.list()).toHaveLength(before);
  });

  it('keeps every version of an answer and shows the one chosen, with what follows it', () => {
    const repo = temp.store.conversations;
    const conv = repo.create();
    const other = repo.create();
    const q1 = repo.appendMessage(conv.id, { role: 'user', content: 'q1' });
    const a1 = repo.appendMessage(conv.id, { role: 'assistant', content: 'a1' });
    repo.appendMessage(other.id, { role: 'user', content: 'elsewhere' });
    const q2 = repo.appendMessage(conv.id, { role: 'user', content: 'q2' });
    expect(q2.parentId).toBe(a1.id);
    expect(repo.get(conv.id)?.versions).toEqual({});
    // Regenerated: a sibling of a1, after the same question, now shown.
    const a1b = repo.appendMessage(conv.id, { role: 'assistant', content: 'a1 again' }, q1.id);
    const shown = repo.get(conv.id);
    expect(shown?.messages.map((m) => m.content)).toEqual(['q1', 'a1 again']);
    expect(shown?.versions).toEqual({ [a1b.id]: [a1.id, a1b.id] });
    // Back to the first version: the path through it down to its newest message.
    const back = repo.showVersion(a1.id);
    expect(back?.messages.map((m) => m.content)).toEqual(['q1', 'a1', 'q2']);
    expect(back?.versions).toEqual({ [a1.id]: [a1.id, a1b.id] });
    expect(repo.get(conv.id)?.messages.map((m) => m.id)).toEqual([q1.id, a1.id, q2.id]);
    // A new message follows the path shown.
    const a2 = repo.appendMessage(conv.id, { role: 'assistant', content: 'a2' });
    expect(a2.parentId).toBe(q2.id);
    expect(repo.branch(a1b.id).map((m) => m.content)).toEqual(['q1', 'a1 again']);
    expect(repo.get(other.id)?.messages.map((m) => m.content)).toEqual(['elsewhere']);
    expect(repo.showVersion('msg_missing')).toBeNull();
  });

  it('adds an edited first question as a version beside the old one', () => {
    const repo = temp.store.conversations;
    const conv = repo.create();
    const q = repo.appendMessage(conv.id, { role: 'user', content: 'Hi' });
    repo.appendMessage(conv.id, { role: 'assistant', content: 'Hello' });
    const edited = repo.appendMessage(conv.id, { role: 'user', content: 'Hey' }, null);
    const answer = repo.appendMessage(conv.id, { role: 'assistant', content: 'Hey!' });
    const shown = repo.get(conv.id);
    expect(shown?.messages.map((m) => m.id)).toEqual([edited.id, answer.id]);
    expect(shown?.versions).toEqual({ [edited.id]: [q.id, edited.id] });
    expect(repo.showVersion(q.id)?.messages.map((m) => m.content)).toEqual(['Hi', 'Hello']);
    const tree = repo.tree(conv.id);
    expect(tree?.messages.map((m) => [m.content, m.parentId])).toEqual([
      ['Hi', null],
      ['Hello', q.id],
      ['Hey', null],
      ['Hey!', edited.id],
    ]);
    expect(tree?.shownPath).toHaveLength(2);
    expect(repo.tree('conv_missing')).toBeNull();
  });

  it('deletes one message of a tree: what followed it follows its parent', () => {
    const repo = temp.store.conversations;
    const conv = repo.create();
    const q1 = repo.appendMessage(conv.id, { role: 'user', content: 'q1' });
    const a1 = repo.appendMessage(conv.id, { role: 'assistant', content: 'a1' });
    const q2 = repo.appendMessage(conv.id, { role: 'user', content: 'q2' });
    const a1b = repo.appendMessage(conv.id, { role: 'assistant', content: 'a1b' }, q1.id);
    // In the middle of a path: only it goes.
    repo.showVersion(a1.id);
    expect(repo.deleteMessage(a1.id)).toBe(true);
    expect(repo.message(q2.id)?.parentId).toBe(q1.id);
    expect(repo.get(conv.id)?.messages.map((m) => m.content)).toEqual(['q1', 'q2']);
    expect(repo.get(conv.id)?.versions).toEqual({ [q2.id]: [q2.id, a1b.id] });
    // The last message shown: the path ends with the newest other version instead.
    expect(repo.deleteMessage(q2.id)).toBe(true);
    expect(repo.get(conv.id)?.messages.map((m) => m.content)).toEqual(['q1', 'a1b']);
    expect(repo.deleteMessage(a1b.id)).toBe(true);
    expect(repo.get(conv.id)?.messages.map((m) => m.content)).toEqual(['q1']);
    expect(repo.deleteMessage(q1.id)).toBe(true);
    expect(repo.get(conv.id)?.messages).toEqual([]);
    expect(repo.deleteMessage(q1.id)).toBe(false);
  });

  it('deletes a conversation with every version of its messages', () => {
    const repo = temp.store.conversations;
    const conv = repo.create();
    const q = repo.appendMessage(conv.id, { role: 'user', content: 'q' });
    repo.appendMessage(conv.id, { role: 'assistant', content: 'a' });
    repo.appendMessage(conv.id, { role: 'assistant', content: 'b' }, q.id);
    expect(repo.delete(conv.id)).toBe(true);
    expect(temp.store.db.prepare('SELECT count(*) FROM messages').pluck().get()).toBe(0);
  });
});
