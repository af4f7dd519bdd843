import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type ServicesFixture } from './services-fixture.ts';

let fx: ServicesFixture;
let token: string;
let gateway: string;
beforeAll(async () => {
  fx = await startServices();
  await fx.call('settings.update', { captureBodies: true });
  token = (await fx.call('tokens.create', { name: 'replay' })).token;
  gateway = fx.services.status().gateway.url ?? '';
});
afterAll(() => fx.close());

/** Sends a request as a tool would; returns the gateway's id for it. */
async function request(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${gateway}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return response.headers.get('x-request-id') ?? '';
}

/** Opens the logged request in chat and reads the new conversation back. */
async function openInChat(requestId: string) {
  const { conversation, omitted } = await fx.call('chat.fromLog', { requestId });
  const stored = await fx.call('chat.get', { id: conversation.id });
  return {
    model: stored?.model,
    systemPrompt: stored?.systemPrompt,
    omitted,
    turns: stored?.messages.map((m) => `${m.role}: ${m.content}`),
  };
}

describe('Logs → Open in chat', () => {
  it('opens requests of every client format as the conversation they held', async () => {
    const chat = await request('/v1/chat/completions', {
      model: 'sim-chat',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
        { role: 'user', content: 'Again' },
      ],
    });
    expect(await openInChat(chat)).toEqual({
      model: 'sim-chat',
      systemPrompt: 'Be brief.',
      omitted: [],
      turns: ['user: Hi', 'assistant: Hello', 'user: Again'],
    });

    const responses = await request('/v1/responses', {
      model: 'sim-responses',
      instructions: 'Answer in French.',
      input: 'Bonjour',
    });
    expect(await openInChat(responses)).toMatchObject({
      model: 'sim-responses',
      systemPrompt: 'Answer in French.',
      turns: ['user: Bonjour'],
    });

    const native = await request('/v1beta/models/sim-gemini:streamGenerateContent?alt=sse', {
      contents: [{ role: 'user', parts: [{ text: 'Streamed native' }] }],
    });
    expect(await openInChat(native)).toMatchObject({
      model: 'sim-gemini',
      turns: ['user: Streamed native'],
    });

    const messages = await request(
      '/v1/messages',
      {
        model: 'sim-anthropic',
        max_tokens: 200,
        system: 'Terse.',
        messages: [{ role: 'user', content: 'Yo' }],
      },
      { 'anthropic-version': '2023-06-01' },
    );
    expect(await openInChat(messages)).toMatchObject({
      model: 'sim-anthropic',
      systemPrompt: 'Terse.',
      turns: ['user: Yo'],
    });
  });

  it('can continue the opened conversation', async () => {
    const id = await request('/v1/chat/completions', {
      model: 'sim-chat',
      messages: [{ role: 'user', content: 'Continue me' }],
    });
    const { conversation } = await fx.call('chat.fromLog', { requestId: id });
    expect(conversation.title).toBe('Continue me');
    const { assistant } = await fx.call('chat.send', {
      conversationId: conversation.id,
      content: 'More',
    });
    const done = await fx.waitForEvent('chat.done', (p) => p.message.id === assistant.id, 10_000);
    expect(done.message.content).toContain('Simulated reply to: "More"');
    const sent = fx.sim.journal.at(-1)?.body as { messages: { content: string }[] };
    expect(sent.messages.map((m) => m.content)).toEqual(['Continue me', 'More']);
  });

  it('says why a request cannot be opened', async () => {
    await fx.call('settings.update', { captureBodies: false });
    const uncaptured = await request('/v1/chat/completions', {
      model: 'sim-chat',
      messages: [{ role: 'user', content: 'not kept' }],
    });
    await expect(fx.call('chat.fromLog', { requestId: uncaptured })).rejects.toThrow(
      /body was not captured/,
    );
    await expect(fx.call('chat.fromLog', { requestId: 'req_unknown' })).rejects.toThrow(
      /No request with id/,
    );
    await fx.call('settings.update', { captureBodies: true });
  });
});
