import { Ollama } from 'ollama';
import type { ChatResponse, GenerateResponse, Message } from 'ollama';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TINY_PNG } from '../matrix/scenarios.ts';
import { startHarness } from '../harness.ts';
import type { Harness } from '../harness.ts';
import { expectRoutes, recordMark } from './gateway-records.ts';
import { FORECAST_PROMPT, FORECAST_SCHEMA, LOOKUP_TOOL, lookupRun } from './lookup-tool.ts';
import type { LookupRun } from './lookup-tool.ts';
import { pathsSince } from './record-paths.ts';
import { CLIENT_TEST_MODELS } from './sim-models.ts';

/**
 * The official Ollama client (`ollama`, ollama-js) pointed at the gateway as if it were an
 * Ollama server: every catalog model is reachable on `/api/chat` and `/api/generate`, whatever
 * format its upstream speaks, and the discovery routes answer in Ollama's shapes.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const client = (token: string | null = h.token) =>
  new Ollama({
    host: h.url,
    ...(token === null ? {} : { headers: { Authorization: `Bearer ${token}` } }),
  });

/**
 * What a call rejected with, which must be ollama-js's `ResponseError` (a non-2xx answer; the
 * package does not export the class): its `error` is the body's message.
 */
async function responseError(
  call: Promise<unknown>,
): Promise<{ status_code: number; error: string }> {
  const error: unknown = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).name).toBe('ResponseError');
  return error as { status_code: number; error: string };
}

/** The simulator's answer to a plain user turn starts by quoting it. */
const replyTo = (prompt: string) => `Simulated reply to: "${prompt}".`;

/** The tool as ollama-js declares one: a JSON Schema for the parameters. */
const lookupTool = {
  type: 'function',
  function: {
    name: LOOKUP_TOOL.name,
    description: LOOKUP_TOOL.description,
    parameters: z.toJSONSchema(LOOKUP_TOOL.schema) as Record<string, unknown>,
  },
};

/** The last record of an answer: done, why, and the token counts (Ollama's eval counts). */
function expectDoneRecord(last: ChatResponse | GenerateResponse, reason = 'stop') {
  expect(last.done).toBe(true);
  expect(last.done_reason).toBe(reason);
  expect(last.prompt_eval_count).toBeGreaterThan(0);
  expect(last.eval_count).toBeGreaterThan(0);
  expect(last.total_duration).toBeGreaterThanOrEqual(0);
}

/** One chat turn, awaited whole or gathered from its stream (text, calls, the done record). */
async function chatTurn(
  model: string,
  messages: Message[],
  stream: boolean,
  extra: { tools?: (typeof lookupTool)[]; format?: Record<string, unknown> } = {},
): Promise<{ message: Message; last: ChatResponse; parts: number }> {
  const ollama = client();
  if (!stream) {
    const response = await ollama.chat({ model, messages, stream: false, ...extra });
    return { message: response.message, last: response, parts: 1 };
  }
  const parts: ChatResponse[] = [];
  for await (const part of await ollama.chat({ model, messages, stream: true, ...extra })) {
    parts.push(part);
  }
  const last = parts.at(-1);
  if (last === undefined) throw new Error('the stream had no record');
  // Only the last record is done.
  expect(parts.map((p) => p.done)).toEqual(parts.map((_, i) => i === parts.length - 1));
  const message: Message = {
    role: 'assistant',
    content: parts.map((p) => p.message.content).join(''),
    tool_calls: parts.flatMap((p) => p.message.tool_calls ?? []),
  };
  return { message, last, parts: parts.length };
}

/**
 * The loop of ollama-js's tool-calling example: the model asks for the tool, the test runs it
 * and answers with a `tool` message naming it, the model answers with the result.
 */
async function toolLoop(model: string, run: LookupRun, stream: boolean): Promise<string> {
  const messages: Message[] = [{ role: 'user', content: run.prompt }];
  const first = await chatTurn(model, messages, stream, { tools: [lookupTool] });
  const calls = first.message.tool_calls ?? [];
  expect(calls.map((c) => [c.function.name, c.function.arguments])).toEqual([
    [LOOKUP_TOOL.name, run.args],
  ]);
  messages.push(first.message);
  for (const call of calls) {
    const args = LOOKUP_TOOL.schema.parse(call.function.arguments);
    messages.push({ role: 'tool', content: run.lookup(args), tool_name: call.function.name });
  }
  const second = await chatTurn(model, messages, stream, { tools: [lookupTool] });
  expectDoneRecord(second.last);
  return second.message.content;
}

describe.each(CLIENT_TEST_MODELS)('ollama-js on %s', (modelId) => {
  const route = { clientFormat: 'ollama' as const, model: modelId };

  it.each([false, true])(
    'chat (stream: %s) answers, ending with done_reason and eval counts',
    async (stream) => {
      const prompt = `Say hello, ${stream ? 'streamed' : 'whole'}.`;
      const mark = recordMark(h);
      const { message, last, parts } = await chatTurn(
        modelId,
        [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: prompt },
        ],
        stream,
      );
      expect(message.role).toBe('assistant');
      expect(message.content).toContain(replyTo(prompt));
      expect(last.model).toBe(modelId);
      expectDoneRecord(last);
      // The simulator answers a word per chunk, and the stream carries them as they come.
      if (stream) expect(parts).toBeGreaterThan(2);
      await expectRoutes(h, mark, { count: 1, ...route, stream });
      expect(pathsSince(h, mark)).toEqual(['/api/chat']);
    },
  );

  it.each([false, true])(
    'chat (stream: %s) runs a tool loop and answers with the tool result',
    async (stream) => {
      const run = lookupRun(stream ? 'beta' : 'alpha');
      const mark = recordMark(h);
      const answer = await toolLoop(modelId, run, stream);
      expect(run.calls).toEqual([run.args]);
      expect(answer).toContain(run.result);
      await expectRoutes(h, mark, { count: 2, ...route, stream });
    },
  );

  it('chat carries an image given as base64 in images', async () => {
    const mark = recordMark(h);
    const { message, last } = await chatTurn(
      modelId,
      [{ role: 'user', content: 'What is in this picture?', images: [TINY_PNG] }],
      false,
    );
    expect(message.content).toContain('I see 1 image.');
    expectDoneRecord(last);
    await expectRoutes(h, mark, { count: 1, ...route, stream: false });
  });

  it.each([false, true])(
    'chat (stream: %s) with format as a JSON schema answers JSON valid against it',
    async (stream) => {
      const mark = recordMark(h);
      const { message, last } = await chatTurn(
        modelId,
        [{ role: 'user', content: FORECAST_PROMPT }],
        stream,
        { format: z.toJSONSchema(FORECAST_SCHEMA) as Record<string, unknown> },
      );
      expect(FORECAST_SCHEMA.safeParse(JSON.parse(message.content)).success).toBe(true);
      expectDoneRecord(last);
      await expectRoutes(h, mark, { count: 1, ...route, stream });
    },
  );

  it.each([false, true])(
    'generate (stream: %s) answers the prompt, ending with done_reason and eval counts',
    async (stream) => {
      const prompt = `Complete this, ${stream ? 'streamed' : 'whole'}.`;
      const mark = recordMark(h);
      const ollama = client();
      let text: string;
      let last: GenerateResponse;
      if (stream) {
        const parts: GenerateResponse[] = [];
        for await (const part of await ollama.generate({ model: modelId, prompt, stream: true })) {
          parts.push(part);
        }
        expect(parts.length).toBeGreaterThan(2);
        expect(parts.map((p) => p.done)).toEqual(parts.map((_, i) => i === parts.length - 1));
        text = parts.map((p) => p.response ?? '').join('');
        last = parts.at(-1)!;
      } else {
        last = await ollama.generate({
          model: modelId,
          prompt,
          system: 'Be brief.',
          stream: false,
        });
        text = last.response ?? '';
      }
      expect(text).toContain(replyTo(prompt));
      expect(last.model).toBe(modelId);
      expectDoneRecord(last);
      await expectRoutes(h, mark, { count: 1, ...route, stream });
      expect(pathsSince(h, mark)).toEqual(['/api/generate']);
    },
  );

  it('show describes the model', async () => {
    const shown = await client().show({ model: modelId });
    expect(shown.modelfile).toContain(modelId);
    expect(shown.capabilities).toEqual(expect.arrayContaining(['completion', 'tools']));
    expect(shown.details.format).toEqual(expect.any(String));
  });

  it.each([
    ['chat', 'load', undefined],
    ['chat', 'unload', 0],
    ['generate', 'load', undefined],
  ] as const)(
    'a %s load request (no messages) is answered at once with done_reason %s',
    async (endpoint, reason, keepAlive) => {
      const before = h.sim.journal.at(-1)?.id ?? 0;
      const ollama = client();
      const keep = keepAlive === undefined ? {} : { keep_alive: keepAlive };
      const answer =
        endpoint === 'chat'
          ? await ollama.chat({ model: modelId, messages: [], stream: false, ...keep })
          : await ollama.generate({ model: modelId, prompt: '', stream: false, ...keep });
      expect(answer).toMatchObject({ model: modelId, done: true, done_reason: reason });
      // Nothing to load behind the gateway: no upstream was asked to generate.
      const generations = h.sim.journal.filter((e) => e.id > before && e.method === 'POST');
      expect(generations.map((e) => e.path)).toEqual([]);
    },
  );
});

describe('ollama-js load requests', () => {
  it('for an unknown model throw ResponseError 404', async () => {
    const error = await responseError(
      client().chat({ model: 'no-such-model', messages: [], stream: false }),
    );
    expect(error.status_code).toBe(404);
    expect(error.error).toContain('no-such-model');
  });
});

describe('ollama-js discovery', () => {
  it('list() names every test model, and no model that cannot generate', async () => {
    const { models } = await client().list();
    const names = models.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining([...CLIENT_TEST_MODELS]));
    expect(models.find((m) => m.name === CLIENT_TEST_MODELS[0])).toMatchObject({
      model: CLIENT_TEST_MODELS[0],
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // sim-embed serves embeddings only.
    expect(names).not.toContain('sim-embed');
  });

  it('show() of an unknown model throws ResponseError 404 naming it', async () => {
    const error = await responseError(client().show({ model: 'no-such-model' }));
    expect(error.status_code).toBe(404);
    expect(error.error).toContain('no-such-model');
  });

  it('version() answers a version number', async () => {
    const { version } = await client().version();
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('ps() answers a list of loaded models', async () => {
    const { models } = await client().ps();
    expect(models).toEqual([]);
  });
});

/** A raw request to the gateway, read back as status and parsed body. */
async function send(
  path: string,
  init: { method?: string; body?: string; token?: string | null } = {},
): Promise<{ status: number; contentType: string | null; body: unknown }> {
  const token = init.token === undefined ? h.token : init.token;
  const res = await fetch(`${h.url}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: JSON.parse(text),
  };
}

/** Ollama's error: `{"error": "<message>"}` and nothing else, as JSON (ollama-js reads it only then). */
function expectOllamaError(
  reply: { status: number; contentType: string | null; body: unknown },
  status: number,
  mentions: RegExp,
) {
  expect(reply.status).toBe(status);
  expect(reply.contentType).toContain('application/json');
  expect(reply.body).toEqual({ error: expect.stringMatching(mentions) });
}

describe('Ollama error bodies', () => {
  const chat = (body: unknown) => JSON.stringify(body);
  const hello = [{ role: 'user', content: 'Hello' }];

  it.each([
    ['invalid JSON', '{"model": "sim-chat", "messages": [', /JSON/],
    ['messages not an array', chat({ model: 'sim-chat', messages: 'Hello' }), /messages/],
    ['no model', chat({ messages: hello }), /model/],
    ['an empty model', chat({ model: '', messages: hello }), /model/],
  ])('POST /api/chat with %s is a 400', async (_case, body, mentions) => {
    expectOllamaError(await send('/api/chat', { body }), 400, mentions);
  });

  it('POST /api/generate without model is a 400', async () => {
    expectOllamaError(await send('/api/generate', { body: chat({ prompt: 'Hi' }) }), 400, /model/);
  });

  it.each([
    ['/api/chat', chat({ model: 'no-such-model', messages: hello, stream: false })],
    ['/api/generate', chat({ model: 'no-such-model', prompt: 'Hi', stream: false })],
    ['/api/show', chat({ model: 'no-such-model' })],
  ])('POST %s for an unknown model is a 404 naming it', async (path, body) => {
    expectOllamaError(await send(path, { body }), 404, /no-such-model/);
  });

  it('ollama-js chat with an unknown model throws ResponseError 404', async () => {
    const error = await responseError(
      client().chat({ model: 'no-such-model', messages: hello, stream: true }),
    );
    expect(error.status_code).toBe(404);
  });

  it.each([
    ['POST', '/api/chat', chat({ model: 'sim-chat', messages: hello })],
    ['GET', '/api/tags', undefined],
  ])('%s %s without a token is a 401', async (method, path, body) => {
    expectOllamaError(await send(path, { method, body, token: null }), 401, /token/);
  });

  it('POST /api/chat with a wrong token is a 401', async () => {
    const body = chat({ model: 'sim-chat', messages: hello });
    expectOllamaError(await send('/api/chat', { body, token: 'mgw_wrong' }), 401, /token/);
  });

  it('ollama-js without a token throws ResponseError 401', async () => {
    const error = await responseError(client(null).list());
    expect(error.status_code).toBe(401);
  });
});
