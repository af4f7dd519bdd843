import { Ollama, type ChatResponse, type GenerateResponse } from 'ollama';
import { describe, expect, it } from 'vitest';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { ollamaCodec } from './ollama-codec.ts';
import { ollamaPsBody, ollamaShowBody, ollamaVersionBody } from './ollama-discovery.ts';
import {
  catalogModel,
  CHAT_BODY,
  GENERATE_BODY,
  testEncodeContext,
} from '../../../../test/doubles/formats/ollama-test-support.ts';

/**
 * The encoder's output read by the official `ollama` package (ollama-js 0.6.4) through its own
 * `Ollama` class: a custom `fetch` answers with the gateway's bytes, so the client's NDJSON
 * parser, its stream iterator (which throws on an `error` line and on a stream without `done`)
 * and its error handling all run on them.
 */

type Reply = { status?: number; contentType: string; chunks: string[] };

/** An Ollama client whose every request is answered with `reply`; it records the requests. */
function clientAnswering(reply: Reply) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of reply.chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    return new Response(body, {
      status: reply.status ?? 200,
      headers: { 'content-type': reply.contentType },
    });
  };
  return { client: new Ollama({ host: 'http://127.0.0.1:8787', fetch }), requests };
}

function encodeStream(events: CanonicalStreamEvent[], clientBody: Record<string, unknown>): string {
  const encoder = ollamaCodec.createStreamEncoder(
    testEncodeContext(clientBody, { model: 'gpt-4o' }),
  );
  return events.map((event) => encoder.encode(event)).join('') + encoder.end();
}

/** The NDJSON cut line by line, and again cut mid-line every 7 bytes (as a network may). */
const cuts = (ndjson: string): string[][] => [
  ndjson.split(/(?<=\n)/),
  Array.from({ length: Math.ceil(ndjson.length / 7) }, (_, i) => ndjson.slice(i * 7, i * 7 + 7)),
];

const toolAnswer: CanonicalStreamEvent[] = [
  { type: 'start', id: 'up', model: 'upstream', created: 1 },
  { type: 'reasoning-delta', text: 'Need the ' },
  { type: 'reasoning-delta', text: 'weather.' },
  { type: 'text-delta', text: 'Checking ' },
  { type: 'text-delta', text: 'Tokyo.' },
  { type: 'tool-call-start', index: 0, id: 'call_7', name: 'get_weather' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '"Tokyo","unit":"C"}' },
  { type: 'tool-call-end', index: 0 },
  { type: 'finish', reason: 'tool_calls' },
  { type: 'usage', usage: { inputTokens: 169, outputTokens: 18, totalTokens: 187 } },
];

describe('ollama-js reads the stream encoder’s NDJSON', () => {
  it('chat: thinking, text and a whole tool call, then the done record with metrics', async () => {
    for (const chunks of cuts(encodeStream(toolAnswer, CHAT_BODY))) {
      const { client } = clientAnswering({ contentType: 'application/x-ndjson', chunks });
      const parts: ChatResponse[] = [];
      const stream = await client.chat({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Weather in Tokyo?' }],
        stream: true,
      });
      for await (const part of stream) parts.push(part);
      expect(parts.map((p) => p.message.thinking ?? '').join('')).toBe('Need the weather.');
      expect(parts.map((p) => p.message.content).join('')).toBe('Checking Tokyo.');
      const calls = parts.flatMap((p) => p.message.tool_calls ?? []);
      expect(calls).toEqual([
        {
          id: 'call_7',
          function: { index: 0, name: 'get_weather', arguments: { city: 'Tokyo', unit: 'C' } },
        },
      ]);
      const last = parts.at(-1)!;
      expect(last).toMatchObject({
        model: 'gpt-4o',
        done: true,
        done_reason: 'stop',
        prompt_eval_count: 169,
        eval_count: 18,
      });
      expect(typeof last.total_duration).toBe('number');
      expect(parts.slice(0, -1).every((p) => p.done === false)).toBe(true);
    }
  });

  it('generate: response pieces and the done record', async () => {
    const ndjson = encodeStream(
      [
        { type: 'text-delta', text: 'The sky ' },
        { type: 'text-delta', text: 'is blue.' },
        { type: 'finish', reason: 'length' },
      ],
      GENERATE_BODY,
    );
    for (const chunks of cuts(ndjson)) {
      const { client } = clientAnswering({ contentType: 'application/x-ndjson', chunks });
      const parts: GenerateResponse[] = [];
      for await (const part of await client.generate({
        model: 'gpt-4o',
        prompt: 'Sky?',
        stream: true,
      }))
        parts.push(part);
      expect(parts.map((p) => p.response).join('')).toBe('The sky is blue.');
      expect(parts.at(-1)).toMatchObject({ done: true, done_reason: 'length', context: [] });
    }
  });

  it('throws the message of an error line that ends the stream', async () => {
    const ndjson = encodeStream(
      [
        { type: 'text-delta', text: 'Par' },
        { type: 'error', status: 502, message: 'The upstream stream failed: socket hang up' },
      ],
      CHAT_BODY,
    );
    const { client } = clientAnswering({ contentType: 'application/x-ndjson', chunks: [ndjson] });
    const seen: string[] = [];
    const read = async () => {
      const stream = await client.chat({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        stream: true,
      });
      for await (const part of stream) seen.push(part.message.content);
    };
    await expect(read()).rejects.toThrow('The upstream stream failed: socket hang up');
    expect(seen).toEqual(['Par']);
  });

  it('throws ResponseError with the status and message of an error body', async () => {
    const error = new GatewayError(404, "model 'nope' not found", { code: 'model_not_found' });
    const { client } = clientAnswering({
      status: 404,
      contentType: 'application/json',
      chunks: [JSON.stringify(ollamaCodec.errorBody(error))],
    });
    await expect(client.chat({ model: 'nope', messages: [] })).rejects.toMatchObject({
      name: 'ResponseError',
      error: "model 'nope' not found",
      status_code: 404,
    });
  });
});

describe('ollama-js reads the non-streamed answers and discovery bodies', () => {
  it('chat with stream: false gets the whole message in one record', async () => {
    const body = ollamaCodec.encodeResponse(
      {
        id: 'x',
        model: 'upstream',
        created: 1,
        parts: [
          { type: 'reasoning', text: 'Think.' },
          { type: 'text', text: 'Hello!' },
          { type: 'tool-call', id: 'call_1', name: 'wave', arguments: '{"times":2}' },
        ],
        finishReason: 'tool_calls',
        usage: { inputTokens: 5, outputTokens: 7, totalTokens: 12 },
      },
      testEncodeContext(CHAT_BODY, { model: 'gpt-4o' }),
    );
    const { client, requests } = clientAnswering({
      contentType: 'application/json',
      chunks: [JSON.stringify(body)],
    });
    const answer = await client.chat({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(requests[0]?.body).toMatchObject({ stream: false });
    expect(answer.message).toEqual({
      role: 'assistant',
      content: 'Hello!',
      thinking: 'Think.',
      tool_calls: [{ id: 'call_1', function: { index: 0, name: 'wave', arguments: { times: 2 } } }],
    });
    expect(answer).toMatchObject({ done: true, done_reason: 'stop', eval_count: 7 });
  });

  it('list, show, version and ps', async () => {
    const model = catalogModel('gpt-4o');
    const answer = async (body: unknown) =>
      clientAnswering({ contentType: 'application/json', chunks: [JSON.stringify(body)] });

    const tags = await answer(ollamaCodec.discovery.list([model]));
    const list = await tags.client.list();
    expect(tags.requests[0]).toMatchObject({
      url: 'http://127.0.0.1:8787/api/tags',
      method: 'GET',
    });
    expect(list.models.map((m) => m.model)).toEqual(['gpt-4o']);

    const show = await answer(ollamaShowBody(model));
    const shown = await show.client.show({ model: 'gpt-4o' });
    expect(show.requests[0]).toMatchObject({
      url: 'http://127.0.0.1:8787/api/show',
      method: 'POST',
      body: { model: 'gpt-4o' },
    });
    expect(shown.capabilities).toContain('tools');

    const version = await answer(ollamaVersionBody());
    expect((await version.client.version()).version).toMatch(/^\d+\.\d+\.\d+$/);

    const ps = await answer(ollamaPsBody());
    expect((await ps.client.ps()).models).toEqual([]);
  });
});
