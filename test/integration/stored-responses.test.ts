import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

/** `GET /v1/responses/{id}` for answers the gateway gave through translation. */
let h: Harness;
let client: OpenAI;
beforeAll(async () => {
  h = await startHarness();
  client = new OpenAI({ apiKey: h.token, baseURL: `${h.url}/v1`, maxRetries: 0 });
});
afterAll(() => h.close());

describe('stored translated responses', () => {
  it('serves a translated answer again by its id, as the client first got it', async () => {
    const created = await client.responses.create({ model: 'sim-chat', input: 'Hello' });
    const fetched = await client.responses.retrieve(created.id);
    expect(fetched.id).toBe(created.id);
    expect(fetched.output_text).toBe(created.output_text);
    expect(fetched.status).toBe('completed');
  });

  it('serves a streamed translated answer by the id the stream announced', async () => {
    const stream = await client.responses.create({
      model: 'sim-gemini',
      input: 'Hello',
      stream: true,
    });
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream)
      if (event.type === 'response.completed') completed = event.response;
    expect(completed).toBeDefined();
    const fetched = await client.responses.retrieve(completed?.id ?? '');
    const streamedText = completed?.output
      .flatMap((item) => (item.type === 'message' ? item.content : []))
      .map((part) => (part.type === 'output_text' ? part.text : ''))
      .join('');
    expect(fetched.output_text).toBe(streamedText);
    expect(fetched.output_text).toContain('Hello');
  });

  it('keeps nothing for a client that said store: false', async () => {
    const created = await client.responses.create({
      model: 'sim-chat',
      input: 'Hello',
      store: false,
    });
    await expect(client.responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 });
  });
});
