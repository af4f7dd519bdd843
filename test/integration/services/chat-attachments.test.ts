import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type ServicesFixture } from './services-fixture.ts';

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const image = {
  kind: 'image',
  name: 'dot.png',
  mimeType: 'image/png',
  data: PNG,
  size: 70,
} as const;
const notes = { kind: 'text', name: 'notes.md', text: '# Plan\nShip it.', size: 15 } as const;

let fx: ServicesFixture;
beforeAll(async () => {
  fx = await startServices();
  await fx.call('settings.update', { captureBodies: true });
});
afterAll(() => fx.close());

const doneFor = (messageId: string) =>
  fx.waitForEvent('chat.done', (p) => p.message.id === messageId, 10_000);

describe('chat attachments', () => {
  it('sends images as image parts and text files inlined, through the gateway like any client', async () => {
    const conversation = await fx.call('chat.create', { model: 'sim-gemini' });
    const { user, assistant } = await fx.call('chat.send', {
      conversationId: conversation.id,
      content: 'What are these?',
      attachments: [image, notes],
    });
    expect(user.attachments).toEqual([image, notes]);
    const done = await doneFor(assistant.id);
    // The simulator counts the images it was given, translated to Gemini's inlineData.
    expect(done.message.content).toContain('I see 1 image.');
    const sent = JSON.stringify(fx.sim.journal.at(-1)?.body);
    expect(sent).toContain('"inlineData":{"mimeType":"image/png"');
    expect(sent).toContain('Attached file: notes.md');

    // The request log holds the chat-completions request as the app sent it.
    const logged = await fx.call('logs.get', { requestId: await lastAppRequest() });
    const body = JSON.parse(logged?.capture?.requestBody ?? '{}') as {
      messages: { role: string; content: unknown }[];
    };
    expect(body.messages[0]?.content).toEqual([
      { type: 'text', text: 'What are these?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
      { type: 'text', text: 'Attached file: notes.md\n```\n# Plan\nShip it.\n```' },
    ]);

    // Stored with the message: a reload shows them.
    const stored = await fx.call('chat.get', { id: conversation.id });
    expect(stored?.messages[0]?.attachments).toEqual([image, notes]);
    // Files without a word name the conversation.
    const filesOnly = await fx.call('chat.create', { model: 'sim-chat' });
    const sentFiles = await fx.call('chat.send', {
      conversationId: filesOnly.id,
      content: '',
      attachments: [notes],
    });
    await doneFor(sentFiles.assistant.id);
    expect((await fx.call('chat.get', { id: filesOnly.id }))?.title).toBe('notes.md');
  });

  it('shows a text-only model’s refusal of an image in the upstream’s words', async () => {
    const conversation = await fx.call('chat.create', { model: 'sim-per-call' });
    const { assistant } = await fx.call('chat.send', {
      conversationId: conversation.id,
      content: 'Describe',
      attachments: [image],
    });
    const done = await doneFor(assistant.id);
    expect(done.message.error).toContain('image_url is only supported by certain models');
  });

  it('refuses files over the limits before anything is stored', async () => {
    const conversation = await fx.call('chat.create', { model: 'sim-chat' });
    const tooMany = Array.from({ length: 11 }, () => notes);
    await expect(
      fx.call('chat.send', { conversationId: conversation.id, content: 'x', attachments: tooMany }),
    ).rejects.toThrow(/at most 10 files/);
    expect((await fx.call('chat.get', { id: conversation.id }))?.messages).toEqual([]);
  });
});

/** The newest request the app's own chat made. */
async function lastAppRequest(): Promise<string> {
  const { rows } = await fx.call('logs.search', { filter: { client: 'app' }, limit: 1 });
  return rows[0]?.requestId ?? '';
}
