import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { recordedChunks } from '../../../../test/recorded-fixtures.ts';
import { createResponsesStreamDecoder } from './responses-stream-decoder.ts';
import {
  encodeStream,
  testContext,
  testEncodeContext,
} from '../../../../test/doubles/formats/responses-test-support.ts';

/**
 * The encoder's SSE served over real HTTP to the official openai SDK (7.55): if its stream
 * helper accepts the events and rebuilds the expected response, clients will too.
 */
let server: Server;
let client: OpenAI;
let nextBody = '';

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(nextBody);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new OpenAI({ apiKey: 'test', baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0 });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function finalResponse(events: CanonicalStreamEvent[]) {
  nextBody = encodeStream(events);
  const stream = client.responses.stream({ model: 'client-model', input: 'hi' });
  const seen: string[] = [];
  stream.on('event', (event) => seen.push(event.type));
  const response = await stream.finalResponse();
  return { response, seen };
}

const start: CanonicalStreamEvent = {
  type: 'start',
  id: 'up',
  model: 'up-model',
  created: 1700000000,
};

describe('openai SDK ResponseStream on the encoder output', () => {
  it('rebuilds a reasoning + text answer with usage', async () => {
    const { response, seen } = await finalResponse([
      start,
      { type: 'reasoning-delta', text: 'Weighing it.' },
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { type: 'finish', reason: 'stop' },
      {
        type: 'usage',
        usage: { inputTokens: 7, outputTokens: 3, totalTokens: 10, reasoningTokens: 1 },
      },
    ]);
    expect(seen[0]).toBe('response.created');
    expect(response.id).toBe('resp_test123');
    expect(response.status).toBe('completed');
    expect(response.output_text).toBe('Hello');
    expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    const reasoning = response.output[0];
    expect(reasoning?.type === 'reasoning' && reasoning.summary[0]?.text).toBe('Weighing it.');
    expect(response.usage).toEqual({
      input_tokens: 7,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      output_tokens: 3,
      output_tokens_details: { reasoning_tokens: 1 },
      total_tokens: 10,
    });
  });

  it('rebuilds text followed by two parallel tool calls', async () => {
    const { response, seen } = await finalResponse([
      start,
      { type: 'text-delta', text: 'Checking.' },
      { type: 'tool-call-start', index: 0, id: 'call_a', name: 'weather' },
      { type: 'tool-call-start', index: 1, id: 'call_b', name: 'time' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-end', index: 1 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
    expect(seen).toContain('response.function_call_arguments.delta');
    expect(response.output_text).toBe('Checking.');
    const calls = response.output.filter((item) => item.type === 'function_call');
    expect(calls.map((c) => [c.call_id, c.name, c.arguments])).toEqual([
      ['call_a', 'weather', '{"city":"Paris"}'],
      ['call_b', 'time', '{}'],
    ]);
  });

  it('resolves a cut-off answer as incomplete', async () => {
    const { response } = await finalResponse([
      start,
      { type: 'text-delta', text: 'Partial' },
      { type: 'finish', reason: 'length' },
    ]);
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(response.output_text).toBe('Partial');
  });

  it('rebuilds a refusal', async () => {
    const { response } = await finalResponse([start, { type: 'refusal-delta', text: 'No.' }]);
    const message = response.output[0];
    expect(message?.type === 'message' && message.content).toMatchObject([
      { type: 'refusal', refusal: 'No.' },
    ]);
  });

  it('makes the client throw on a mid-stream error, with the message', async () => {
    nextBody = encodeStream([
      start,
      { type: 'text-delta', text: 'Hi' },
      { type: 'error', status: 503, message: 'Upstream overloaded', code: 'server_error' },
    ]);
    const stream = client.responses.stream({ model: 'client-model', input: 'hi' });
    await expect(stream.finalResponse()).rejects.toThrow(/Upstream overloaded/);
  });

  it('streams through responses.create({stream:true}) with every event typed', async () => {
    nextBody = encodeStream([
      start,
      { type: 'text-delta', text: 'ok' },
      { type: 'finish', reason: 'stop' },
    ]);
    const stream = await client.responses.create({
      model: 'client-model',
      input: 'hi',
      stream: true,
    });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types.at(0)).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
  });

  it('accepts recorded upstream streams after decoding and re-encoding them', async () => {
    const names = [
      'azure-text.1.chunks.txt',
      'azure-tool-call.1.chunks.txt',
      'github-copilot-id-rotation.1.chunks.txt',
      'openai-issue-11239.1.chunks.txt',
      'openai-issue-11239.2.chunks.txt',
    ];
    for (const name of names) {
      const lines = recordedChunks('responses', name);
      const decoder = createResponsesStreamDecoder(testContext());
      const events = [
        ...lines.flatMap((data) => decoder.push({ data, event: undefined, id: undefined })),
        ...decoder.end(),
      ];
      nextBody = encodeStream(events, testEncodeContext());
      const response = await client.responses.stream({ model: 'm', input: 'hi' }).finalResponse();
      const last = JSON.parse(lines.at(-1) ?? '{}') as {
        response: { output: { type: string; content?: { text?: string }[]; arguments?: string }[] };
      };
      const upstream = last.response.output;
      expect(response.status, name).toBe('completed');
      expect(
        response.output.map((item) => item.type),
        name,
      ).toEqual(upstream.map((item) => item.type));
      const upstreamText = upstream
        .flatMap((item) => item.content ?? [])
        .map((part) => part.text ?? '')
        .join('');
      expect(response.output_text, name).toBe(upstreamText);
    }
  });
});
