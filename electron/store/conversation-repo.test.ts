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
    expect(conv).toMatchObject({ title: 'New chat', model: 'gemini-2.5-flash' });
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

  it('deletes what follows a message, for regenerating, and keeps that message', () => {
    const repo = temp.store.conversations;
    const conv = repo.create();
    const other = repo.create();
    const q1 = repo.appendMessage(conv.id, { role: 'user', content: 'q1' });
    repo.appendMessage(conv.id, { role: 'assistant', content: 'a1' });
    repo.appendMessage(other.id, { role: 'user', content: 'elsewhere' });
    repo.appendMessage(conv.id, { role: 'user', content: 'q2' });
    repo.appendMessage(conv.id, { role: 'assistant', content: 'a2' });
    expect(repo.deleteMessagesAfter(q1.id)).toBe(3);
    expect(repo.get(conv.id)?.messages.map((m) => m.content)).toEqual(['q1']);
    expect(repo.get(other.id)?.messages).toHaveLength(1);
    expect(repo.deleteMessagesAfter('msg_missing')).toBe(0);
    const next = repo.appendMessage(conv.id, { role: 'assistant', content: 'a1 again' });
    expect(repo.get(conv.id)?.messages.map((m) => m.id)).toEqual([q1.id, next.id]);
  });
});
