import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSUFFICIENT_BALANCE_MESSAGE } from '../../upstream-sim/index.ts';
import { startServices, type ServicesFixture } from './services-fixture.ts';

let fx: ServicesFixture;
beforeAll(async () => {
  fx = await startServices();
});
afterAll(() => fx.close());

const deltasOf = (messageId: string): string =>
  fx.events
    .filter((e) => e.event === 'chat.delta')
    .map((e) => e.payload as { messageId: string; text: string })
    .filter((d) => d.messageId === messageId)
    .map((d) => d.text)
    .join('');

const doneFor = (messageId: string) =>
  fx.waitForEvent('chat.done', (p) => p.message.id === messageId, 10_000);

describe('chat', () => {
  it('streams an answer through the app’s own gateway, translated, logged and metered', async () => {
    const conversation = await fx.call('chat.create', {
      model: 'sim-gemini',
      systemPrompt: 'Answer briefly.',
    });
    expect(conversation.title).toBe('');
    const { user, assistant } = await fx.call('chat.send', {
      conversationId: conversation.id,
      content: 'What is a gateway?\nExplain in one line.',
    });
    expect(user).toMatchObject({
      role: 'user',
      content: 'What is a gateway?\nExplain in one line.',
    });
    expect(assistant).toMatchObject({ role: 'assistant', content: '', model: 'sim-gemini' });

    const done = await doneFor(assistant.id);
    expect(done.conversationId).toBe(conversation.id);
    expect(done.message.content.length).toBeGreaterThan(0);
    expect(deltasOf(assistant.id)).toBe(done.message.content);
    expect(done.message).toMatchObject({
      route: 'chat→gemini (translated)',
      error: null,
      inputTokens: expect.any(Number),
      outputTokens: expect.any(Number),
      costUsd: expect.any(Number),
    });
    expect(done.message.outputTokens).toBeGreaterThan(0);

    // Stored as shown, and the conversation is titled from its first message.
    const stored = await fx.call('chat.get', { id: conversation.id });
    expect(stored?.title).toBe('What is a gateway?');
    expect(stored?.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored?.messages[1]).toEqual(done.message);

    // Ended, so in the search index (its saves while it streamed were not).
    const db = new Database(join(fx.dataDir, 'gateway.sqlite'), { readonly: true });
    try {
      expect(
        db.prepare('SELECT streaming FROM messages WHERE id = ?').pluck().get(assistant.id),
      ).toBe(0);
    } finally {
      db.close();
    }
    const word = done.message.content.match(/[A-Za-z]{4,}/)?.[0] ?? 'gateway';
    const found = await fx.call('chat.search', { query: word });
    expect(found.map((c) => c.id)).toContain(conversation.id);

    // The system prompt reached the upstream as Gemini's systemInstruction.
    const sent = fx.sim.journal.at(-1)?.body as { systemInstruction?: unknown };
    expect(JSON.stringify(sent.systemInstruction)).toContain('Answer briefly.');

    // The request is in the log under the app's own client name, like any tool's.
    const logged = await fx.call('logs.search', {
      filter: { client: 'app' },
      limit: 10,
    });
    expect(logged.rows[0]).toMatchObject({
      client: 'app',
      model: 'sim-gemini',
      clientFormat: 'chat',
      upstreamFormat: 'gemini',
      stream: true,
      status: 200,
    });
    expect(logged.rows[0]?.usage?.outputTokens).toBe(done.message.outputTokens);
  });

  it('stops an answer: the upstream call is cancelled and the partial text kept', async () => {
    const conversation = await fx.call('chat.create', { model: 'sim-chat' });
    const { assistant } = await fx.call('chat.send', {
      conversationId: conversation.id,
      content: 'Tell me a long story [[sim:slow-chunks=100]] [[sim:long=200]]',
    });
    await fx.waitForEvent('chat.delta', (d) => d.messageId === assistant.id);
    // The text so far is saved as it streams (about once a second), not only at the end.
    await expect
      .poll(
        async () => (await fx.call('chat.get', { id: conversation.id }))?.messages[1]?.content,
        { timeout: 3000, interval: 100 },
      )
      .not.toBe('');
    // A second question while the answer is written is refused.
    await expect(
      fx.call('chat.send', { conversationId: conversation.id, content: 'and?' }),
    ).rejects.toMatchObject({ code: 'conflict' });

    await fx.call('chat.stop', { messageId: assistant.id });
    const done = await doneFor(assistant.id);
    expect(done.message.content.length).toBeGreaterThan(0);
    expect(done.message.content.split(' ').length).toBeLessThan(200);
    expect(done.message.error).toBeNull();
    expect(done.message.stopped).toBe(true);
    const upstream = await fx.sim.waitFor(
      (e) => e.rawBody.includes('Tell me a long story') && e.clientClosedEarly,
    );
    expect(upstream.clientClosedEarly).toBe(true);
    const stored = await fx.call('chat.get', { id: conversation.id });
    expect(stored?.messages[1]?.content).toBe(done.message.content);
    // Saved with the message, so a reopened conversation still says the answer was stopped.
    expect(stored?.messages[1]?.stopped).toBe(true);
  });

  it('regenerates the last answer as a new version, keeping the old one to go back to', async () => {
    const conversation = await fx.call('chat.create', { model: 'sim-chat' });
    const first = await fx.call('chat.send', {
      conversationId: conversation.id,
      content: 'Hi [[sim:slow-chunks=40]]',
    });
    await doneFor(first.assistant.id);
    const regenerated = await fx.call('chat.regenerate', { conversationId: conversation.id });
    const { assistant } = regenerated;
    expect(assistant.id).not.toBe(first.assistant.id);
    expect(assistant.parentId).toBe(first.user.id);
    expect(regenerated.conversation.versions).toEqual({
      [assistant.id]: [first.assistant.id, assistant.id],
    });
    // Switching while the answer is written is refused, like sending.
    await fx.waitForEvent('chat.delta', (d) => d.messageId === assistant.id);
    await expect(
      fx.call('chat.showVersion', { messageId: first.assistant.id }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const done = await doneFor(assistant.id);
    const stored = await fx.call('chat.get', { id: conversation.id });
    expect(stored?.messages.map((m) => m.id)).toEqual([first.user.id, assistant.id]);
    expect(stored?.messages[1]?.content).toBe(done.message.content);
    // The upstream saw the question again, without the other answer.
    const body = fx.sim.journal.at(-1)?.body as { messages: { role: string }[] };
    expect(body.messages.map((m) => m.role)).toEqual(['user']);

    const back = await fx.call('chat.showVersion', { messageId: first.assistant.id });
    expect(back.messages.map((m) => m.id)).toEqual([first.user.id, first.assistant.id]);
    // A question asked now follows the version shown; the model is sent that path only.
    const next = await fx.call('chat.send', { conversationId: conversation.id, content: 'More' });
    await doneFor(next.assistant.id);
    expect(next.user.parentId).toBe(first.assistant.id);
    const sent = fx.sim.journal.at(-1)?.body as { messages: { content: string }[] };
    expect(sent.messages.map((m) => m.content)).toEqual([
      'Hi [[sim:slow-chunks=40]]',
      back.messages[1]?.content,
      'More',
    ]);
    const tree = await fx.call('chat.tree', { id: conversation.id });
    expect(tree?.messages).toHaveLength(5);
    expect(tree?.shownPath).toEqual([
      first.user.id,
      first.assistant.id,
      next.user.id,
      next.assistant.id,
    ]);
    await expect(fx.call('chat.showVersion', { messageId: 'msg_nope' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('edits a question as a new version of it and answers that, keeping what followed the old', async () => {
    const conversation = await fx.call('chat.create', { model: 'sim-chat' });
    const first = await fx.call('chat.send', { conversationId: conversation.id, content: 'One' });
    await doneFor(first.assistant.id);
    const second = await fx.call('chat.send', { conversationId: conversation.id, content: 'Two' });
    await doneFor(second.assistant.id);
    const { user, assistant } = await fx.call('chat.edit', {
      messageId: first.user.id,
      content: 'Uno',
    });
    expect(user).toMatchObject({ content: 'Uno', parentId: null });
    expect(user.id).not.toBe(first.user.id);
    const done = await doneFor(assistant.id);
    expect(done.message.content).toContain('Uno');
    const stored = await fx.call('chat.get', { id: conversation.id });
    expect(stored?.messages.map((m) => m.id)).toEqual([user.id, assistant.id]);
    expect(stored?.versions).toEqual({ [user.id]: [first.user.id, user.id] });
    const body = fx.sim.journal.at(-1)?.body as { messages: { content: string }[] };
    expect(body.messages.map((m) => m.content)).toEqual(['Uno']);
    // An answer cannot be edited.
    await expect(
      fx.call('chat.edit', { messageId: assistant.id, content: 'x' }),
    ).rejects.toMatchObject({ code: 'bad_request' });
    // The first version, with all that followed it.
    const old = await fx.call('chat.showVersion', { messageId: first.user.id });
    expect(old.messages.map((m) => m.content.slice(0, 3))).toEqual(['One', 'Sim', 'Two', 'Sim']);
  });

  it('sends the conversation’s parameters like any client, and keeps them', async () => {
    const conversation = await fx.call('chat.create', { model: 'sim-chat' });
    const updated = await fx.call('chat.update', {
      id: conversation.id,
      params: { temperature: 0.3, maxTokens: 256, reasoningEffort: 'low' },
    });
    expect(updated.params).toEqual({ temperature: 0.3, maxTokens: 256, reasoningEffort: 'low' });
    const { assistant } = await fx.call('chat.send', {
      conversationId: conversation.id,
      content: 'With parameters',
    });
    await doneFor(assistant.id);
    const body = fx.sim.journal.at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      temperature: 0.3,
      max_completion_tokens: 256,
      reasoning_effort: 'low',
    });
    // Unset again: nothing is sent, the model's defaults apply.
    await fx.call('chat.update', { id: conversation.id, params: {} });
    expect((await fx.call('chat.get', { id: conversation.id }))?.params).toEqual({});
    await expect(
      fx.call('chat.update', { id: conversation.id, params: { temperature: 5 } }),
    ).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('deletes one message, and leaves it out of what the model is sent', async () => {
    const conversation = await fx.call('chat.create', { model: 'sim-chat' });
    const first = await fx.call('chat.send', { conversationId: conversation.id, content: 'Keep' });
    await doneFor(first.assistant.id);
    const second = await fx.call('chat.send', { conversationId: conversation.id, content: 'Drop' });
    await doneFor(second.assistant.id);
    await fx.call('chat.deleteMessage', { messageId: second.user.id });
    const stored = await fx.call('chat.get', { id: conversation.id });
    expect(stored?.messages.map((m) => m.id)).toEqual([
      first.user.id,
      first.assistant.id,
      second.assistant.id,
    ]);
    await expect(
      fx.call('chat.deleteMessage', { messageId: second.user.id }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('shows an upstream error inline, in the upstream’s words', async () => {
    const conversation = await fx.call('chat.create', { model: 'sim-chat' });
    const { assistant } = await fx.call('chat.send', {
      conversationId: conversation.id,
      content: 'Hello [[sim:balance]]',
    });
    const done = await doneFor(assistant.id);
    expect(done.message.error).toContain(INSUFFICIENT_BALANCE_MESSAGE);
    expect(done.message.content).toBe('');
    // Its kind and status are stored with it: the wording no longer reads the text.
    expect(done.message).toMatchObject({ errorKind: 'account_limit', errorStatus: 403 });
    const stored = await fx.call('chat.get', { id: conversation.id });
    expect(stored?.messages[1]?.error).toBe(done.message.error);
    expect(stored?.messages[1]).toEqual(done.message);
  });

  it('stores what kind of failure each failed answer was, and the status', async () => {
    const conversation = await fx.call('chat.create', { model: 'sim-chat' });
    const cases = [
      ['[[sim:429]]', 'rate_limited', 429],
      ['[[sim:500]]', 'upstream_error', 500],
      ['[[sim:401]]', 'key_rejected', 401],
      ['[[sim:400]]', 'model_error', 400],
    ] as const;
    for (const [marker, errorKind, errorStatus] of cases) {
      const { assistant } = await fx.call('chat.send', {
        conversationId: conversation.id,
        content: `Hello ${marker}`,
      });
      const done = await doneFor(assistant.id);
      expect([marker, done.message.errorKind, done.message.errorStatus]).toEqual([
        marker,
        errorKind,
        errorStatus,
      ]);
    }
    const stored = await fx.call('chat.get', { id: conversation.id });
    expect(stored?.messages.filter((m) => m.role === 'assistant').map((m) => m.errorKind)).toEqual(
      cases.map(([, kind]) => kind),
    );
  });

  it('asks for a model before sending, and names unknown conversations', async () => {
    const conversation = await fx.call('chat.create', { model: null });
    await expect(
      fx.call('chat.send', { conversationId: conversation.id, content: 'hi' }),
    ).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^model:/) });
    await expect(
      fx.call('chat.send', { conversationId: conversation.id, content: '   ' }),
    ).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^content:/) });
    await expect(fx.call('chat.regenerate', { conversationId: 'conv_nope' })).rejects.toMatchObject(
      { code: 'not_found' },
    );
    expect(await fx.call('chat.get', { id: 'conv_nope' })).toBeNull();
  });

  it('updates, lists and deletes conversations', async () => {
    const conversation = await fx.call('chat.create', { model: 'sim-chat', title: 'Draft' });
    const renamed = await fx.call('chat.update', {
      id: conversation.id,
      title: 'Renamed',
      systemPrompt: 'Be terse.',
    });
    expect(renamed).toMatchObject({
      title: 'Renamed',
      systemPrompt: 'Be terse.',
      model: 'sim-chat',
    });
    expect((await fx.call('chat.list')).map((c) => c.id)).toContain(conversation.id);
    await fx.call('chat.delete', { id: conversation.id });
    expect((await fx.call('chat.list')).map((c) => c.id)).not.toContain(conversation.id);
    await expect(fx.call('chat.delete', { id: conversation.id })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
