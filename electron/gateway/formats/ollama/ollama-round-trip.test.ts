import { Ollama, type ChatRequest, type GenerateRequest } from 'ollama';
import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import type { StreamRecord } from '../../canonical/format-codec.ts';
import { CODEC_LIST } from '../codecs.ts';
import { NDJSON_FRAMING } from '../framing/ndjson-framing.ts';
import { ollamaCodec } from './ollama-codec.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import {
  CHAT_BODY,
  IMAGES,
  testEncodeContext,
} from '../../../../test/doubles/formats/ollama-test-support.ts';
import { matchOllamaPath } from './ollama-wire.ts';

/**
 * Realistic requests: what the official `ollama` client (ollama-js 0.6.4) writes on the wire
 * for calls its types allow, caught at its `fetch`. Each is decoded as a client request, encoded
 * as an Ollama upstream's request, and decoded again: the canonical request must come back the
 * same, and the upstream body must say what the client's said.
 */
async function wireBody(
  call: (client: Ollama) => Promise<unknown>,
): Promise<{ path: string; body: Record<string, unknown> }> {
  let seen: { path: string; body: Record<string, unknown> } | undefined;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    seen = {
      path: new URL(String(input)).pathname,
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    };
    const done = {
      model: 'm',
      created_at: new Date().toISOString(),
      message: { role: 'assistant', content: '' },
      response: '',
      done: true,
    };
    return new Response(JSON.stringify(done), { headers: { 'content-type': 'application/json' } });
  };
  await call(new Ollama({ host: 'http://127.0.0.1:8787', fetch }));
  if (seen === undefined) throw new Error('the client sent nothing');
  return seen;
}

function decodeClient(
  path: string,
  body: Record<string, unknown>,
  ctx = testContext(),
): CanonicalRequest {
  const route = matchOllamaPath(path);
  if (route === undefined) throw new Error(`not an Ollama generation path: ${path}`);
  const envelope = ollamaCodec.readEnvelope(body, route);
  return ollamaCodec.decodeRequest(body, ctx, envelope);
}

/** client body → canonical → upstream body → canonical again. */
function roundTrip(path: string, body: Record<string, unknown>) {
  const ctx = testContext();
  const canonical = decodeClient(path, body, ctx);
  const upstream = ollamaCodec.encodeRequest(canonical, testContext());
  const again = decodeClient('/api/chat', upstream);
  return { canonical, upstream, again, ctx };
}

const PNG_BYTES = Buffer.from(IMAGES.png, 'base64');

const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Get the weather in a given city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'The city' } },
      required: ['city'],
    },
  },
};

describe('round trip of what ollama-js sends', () => {
  it('chat with history, options and keep_alive', async () => {
    const request: ChatRequest = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Why is the sky blue?' },
        { role: 'assistant', content: 'Rayleigh scattering.' },
        { role: 'user', content: 'And sunsets?' },
      ],
      keep_alive: '10m',
      options: {
        temperature: 0.2,
        top_p: 0.9,
        top_k: 40,
        num_predict: 200,
        stop: ['\n\n'],
        seed: 3,
        num_ctx: 8192,
        repeat_penalty: 1.1,
      },
    };
    const { path, body } = await wireBody((client) => client.chat({ ...request, stream: false }));
    expect(body.stream).toBe(false);
    const { canonical, upstream, again, ctx } = roundTrip(path, body);
    expect(again).toEqual(canonical);
    expect(ctx.dropped).toEqual(['keep_alive', 'options.num_ctx', 'options.repeat_penalty']);
    expect(upstream).toEqual({
      model: 'gpt-4o',
      messages: request.messages,
      stream: false,
      options: {
        temperature: 0.2,
        top_p: 0.9,
        top_k: 40,
        num_predict: 200,
        stop: ['\n\n'],
        seed: 3,
      },
    });
  });

  it('a tool loop: calls without ids, results by tool_name and by order', async () => {
    const request: ChatRequest = {
      model: 'gpt-4o',
      tools: [weatherTool],
      messages: [
        { role: 'user', content: 'Weather in Paris and Lyon?' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [
            { function: { name: 'get_weather', arguments: { city: 'Paris' } } },
            { function: { name: 'get_weather', arguments: { city: 'Lyon' } } },
          ],
        },
        { role: 'tool', content: '21°C', tool_name: 'get_weather' },
        // The ollama-js examples push results with the content only.
        { role: 'tool', content: '19°C' },
      ],
    };
    const { path, body } = await wireBody((client) => client.chat({ ...request, stream: true }));
    const { canonical, upstream, again } = roundTrip(path, body);
    expect(again).toEqual(canonical);
    expect(canonical.stream).toBe(true);
    expect(canonical.messages[2]).toEqual({
      role: 'tool',
      parts: [
        { type: 'tool-result', callId: 'call_ollama_1_0', name: 'get_weather', content: '21°C' },
        { type: 'tool-result', callId: 'call_ollama_1_1', name: 'get_weather', content: '19°C' },
      ],
    });
    // The upstream gets ids and names on both sides, which every Ollama version can link.
    expect((upstream.messages as unknown[]).slice(1)).toEqual([
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          {
            id: 'call_ollama_1_0',
            function: { name: 'get_weather', arguments: { city: 'Paris' } },
          },
          { id: 'call_ollama_1_1', function: { name: 'get_weather', arguments: { city: 'Lyon' } } },
        ],
      },
      { role: 'tool', content: '21°C', tool_name: 'get_weather', tool_call_id: 'call_ollama_1_0' },
      { role: 'tool', content: '19°C', tool_name: 'get_weather', tool_call_id: 'call_ollama_1_1' },
    ]);
    expect(upstream.tools).toEqual([weatherTool]);
  });

  it('the same history sent again gives the same call ids (the next turn of the loop)', async () => {
    const request: ChatRequest = {
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Oslo' } } }],
        },
        { role: 'tool', content: '-3°C', tool_name: 'get_weather' },
      ],
    };
    const first = await wireBody((client) => client.chat({ ...request, stream: false }));
    const second = await wireBody((client) =>
      client.chat({
        ...request,
        messages: [
          ...request.messages!,
          { role: 'assistant', content: 'Cold.' },
          { role: 'user', content: 'Thanks' },
        ],
        stream: false,
      }),
    );
    const a = decodeClient(first.path, first.body);
    const b = decodeClient(second.path, second.body);
    expect(b.messages.slice(0, 3)).toEqual(a.messages);
  });

  it('images given as bytes, which the client sends as base64', async () => {
    const { path, body } = await wireBody((client) =>
      client.chat({
        model: 'gpt-4o',
        messages: [
          {
            role: 'user',
            content: 'What is in this picture?',
            images: [new Uint8Array(PNG_BYTES)],
          },
        ],
        stream: false,
      }),
    );
    expect((body.messages as { images: string[] }[])[0]?.images).toEqual([IMAGES.png]);
    const { canonical, upstream, again } = roundTrip(path, body);
    expect(again).toEqual(canonical);
    expect(canonical.messages[0]?.parts[0]).toEqual({
      type: 'image',
      source: { kind: 'data', mimeType: 'image/png', data: IMAGES.png },
    });
    expect(upstream.messages).toEqual(body.messages);
  });

  it('format json and a JSON schema', async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, capital: { type: 'string' } },
      required: ['name', 'capital'],
    };
    for (const format of ['json', schema]) {
      const { path, body } = await wireBody((client) =>
        client.chat({
          model: 'gpt-4o',
          messages: [{ role: 'user', content: 'France?' }],
          format,
          stream: false,
        }),
      );
      const { canonical, upstream, again } = roundTrip(path, body);
      expect(again).toEqual(canonical);
      expect(upstream.format).toEqual(format);
    }
  });

  it('think as true and as a level', async () => {
    for (const [think, effort, sent] of [
      [true, 'medium', 'medium'],
      ['high', 'high', 'high'],
      ['low', 'low', 'low'],
    ] as const) {
      const { path, body } = await wireBody((client) =>
        client.chat({
          model: 'qwen3',
          messages: [{ role: 'user', content: '17 × 23?' }],
          think,
          stream: false,
        }),
      );
      const { canonical, upstream } = roundTrip(path, body);
      expect(canonical.reasoning).toEqual({ effort, includeThoughts: true });
      expect(upstream.think).toBe(sent);
    }
  });

  it('generate with system, images and options, sent on as a chat', async () => {
    const request: GenerateRequest = {
      model: 'llava',
      prompt: 'Describe the image.',
      system: 'You are a museum guide.',
      images: [new Uint8Array(PNG_BYTES)],
      options: { temperature: 0, num_predict: 64 },
    };
    const { path, body } = await wireBody((client) =>
      client.generate({ ...request, stream: false }),
    );
    expect(path).toBe('/api/generate');
    const { canonical, upstream, again } = roundTrip(path, body);
    expect(again).toEqual(canonical);
    expect(upstream).toEqual({
      model: 'llava',
      messages: [
        { role: 'system', content: 'You are a museum guide.' },
        { role: 'user', content: 'Describe the image.', images: [IMAGES.png] },
      ],
      stream: false,
      options: { temperature: 0, num_predict: 64 },
    });
  });
});

describe('what ollama-js sends, translated to every other format', () => {
  it('a tool loop with thinking and an image is taken by each format’s request encoder', async () => {
    const { path, body } = await wireBody((client) =>
      client.chat({
        model: 'any-model',
        tools: [weatherTool],
        think: 'high',
        format: 'json',
        options: { temperature: 0.5, num_predict: 300, stop: ['END'] },
        messages: [
          { role: 'system', content: 'Be terse.' },
          {
            role: 'user',
            content: 'Weather where this was taken?',
            images: [new Uint8Array(PNG_BYTES)],
          },
          {
            role: 'assistant',
            content: '',
            thinking: 'Looks like Paris.',
            tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }],
          },
          { role: 'tool', content: '21°C', tool_name: 'get_weather' },
        ],
        stream: true,
      }),
    );
    const canonical = decodeClient(path, body);
    for (const codec of CODEC_LIST) {
      const encoded = JSON.stringify(
        codec.encodeRequest(structuredClone(canonical), testContext()),
      );
      expect(encoded, codec.format).toContain('get_weather');
      expect(encoded, codec.format).toContain('21°C');
      expect(encoded, codec.format).toContain(IMAGES.png);
    }
  });
});

describe('round trip of answers', () => {
  const answer: CanonicalResponse = {
    id: 'x',
    model: 'gpt-4o',
    created: 1_735_689_600,
    parts: [
      { type: 'reasoning', text: 'Two calls.' },
      { type: 'text', text: 'Checking both.' },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { type: 'tool-call', id: 'call_2', name: 'get_weather', arguments: '{"city":"Lyon"}' },
    ],
    finishReason: 'tool_calls',
    usage: { inputTokens: 40, outputTokens: 22, totalTokens: 62 },
  };

  it('a non-streamed answer written for a client reads back as the same answer', () => {
    const body = ollamaCodec.encodeResponse(
      answer,
      testEncodeContext(CHAT_BODY, { model: 'gpt-4o' }),
    );
    const back = ollamaCodec.decodeResponse(body, testContext());
    expect({ ...back, id: 'x', created: answer.created }).toEqual(answer);
  });

  it('a streamed answer, framed as NDJSON and read back record by record, gives the same events', () => {
    const events: CanonicalStreamEvent[] = [
      { type: 'start', id: 'x', model: 'gpt-4o', created: 1_735_689_600 },
      { type: 'reasoning-delta', text: 'Two calls.' },
      { type: 'text-delta', text: 'Checking ' },
      { type: 'text-delta', text: 'both.' },
      { type: 'tool-call-start', index: 0, id: 'call_1', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":"Paris"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', usage: { inputTokens: 40, outputTokens: 22, totalTokens: 62 } },
    ];
    const encoder = ollamaCodec.createStreamEncoder(
      testEncodeContext(CHAT_BODY, { model: 'gpt-4o' }),
    );
    const ndjson = events.map((event) => encoder.encode(event)).join('') + encoder.end();
    const records: StreamRecord[] = [];
    const reader = NDJSON_FRAMING.createReader((record) => records.push(record));
    reader.push(new TextEncoder().encode(ndjson));
    reader.end();
    const decoder = ollamaCodec.createStreamDecoder(testContext());
    const back = [...records.flatMap((record) => decoder.push(record)), ...decoder.end()];
    expect(back[0]).toMatchObject({ type: 'start', model: 'gpt-4o' });
    expect(back.slice(1)).toEqual(events.slice(1));
  });
});
