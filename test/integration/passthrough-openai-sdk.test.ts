import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let client: OpenAI;

beforeAll(async () => {
  h = await startHarness();
  client = new OpenAI({ apiKey: h.token, baseURL: `${h.url}/v1`, maxRetries: 0 });
});
afterAll(() => h.close());

const ask = (content: string) => [{ role: 'user' as const, content }];

describe('openai SDK through the gateway, pass-through', () => {
  it('lists the key’s models with their markers', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(
      expect.arrayContaining(['sim-chat', 'sim-responses', 'sim-gemini', 'sim-all']),
    );
    const page = await client.models.list();
    const chat = page.data.find((m) => m.id === 'sim-gemini-chat') as unknown as {
      supported_endpoint_types: string[];
    };
    expect(chat.supported_endpoint_types).toEqual(['gemini', 'openai']);
  });

  it('creates a chat completion', async () => {
    const completion = await client.chat.completions.create({
      model: 'sim-chat',
      messages: ask('Hello there'),
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toContain('Hello there');
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('streams a chat completion with the same text, without a usage chunk it did not ask for', async () => {
    const whole = await client.chat.completions.create({
      model: 'sim-chat',
      messages: ask('Stream me'),
    });
    const stream = await client.chat.completions.create({
      model: 'sim-chat',
      messages: ask('Stream me'),
      stream: true,
    });
    let text = '';
    let chunks = 0;
    for await (const chunk of stream) {
      chunks += 1;
      expect(chunk.choices.length).toBeGreaterThan(0);
      expect(chunk.usage ?? null).toBeNull();
      text += chunk.choices[0]?.delta.content ?? '';
    }
    expect(chunks).toBeGreaterThan(2);
    expect(text).toBe(whole.choices[0]?.message.content);
  });

  it('forwards the usage chunk when the client asks for it', async () => {
    const stream = await client.chat.completions.create({
      model: 'sim-chat',
      messages: ask('Usage please'),
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
    expect(usage?.total_tokens).toBeGreaterThan(0);
  });

  it('works with the chat.completions.stream() helper', async () => {
    const runner = client.chat.completions.stream({
      model: 'sim-all',
      messages: ask('Helper test'),
    });
    let deltas = '';
    runner.on('content', (delta) => (deltas += delta));
    const final = await runner.finalChatCompletion();
    expect(final.choices[0]?.finish_reason).toBe('stop');
    expect(final.choices[0]?.message.content).toBe(deltas);
  });

  it('creates a response', async () => {
    const response = await client.responses.create({
      model: 'sim-responses',
      input: 'Hi responses',
      instructions: 'Be brief.',
    });
    expect(response.status).toBe('completed');
    expect(response.output_text).toContain('Hi responses');
    expect(response.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('streams a response with the responses.stream() helper', async () => {
    const whole = await client.responses.create({
      model: 'sim-responses',
      input: 'Stream responses',
    });
    const stream = client.responses.stream({ model: 'sim-responses', input: 'Stream responses' });
    let deltas = '';
    stream.on('response.output_text.delta', (event) => (deltas += event.delta));
    const final = await stream.finalResponse();
    expect(final.status).toBe('completed');
    expect(deltas).toBe(whole.output_text);
    expect(final.output_text).toBe(whole.output_text);
  });

  it('streams raw responses events with sequence numbers', async () => {
    const stream = await client.responses.create({
      model: 'sim-all',
      input: 'Raw events',
      stream: true,
    });
    const types: string[] = [];
    const sequence: number[] = [];
    for await (const event of stream) {
      types.push(event.type);
      sequence.push(event.sequence_number);
    }
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(sequence).toEqual(sequence.map((_, i) => i));
  });
});
