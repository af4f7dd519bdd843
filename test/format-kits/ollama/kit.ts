import { expect } from 'vitest';
import type { FormatKit, KitReply, KitRequest } from '../format-kit.ts';
import { deepObjects } from '../deep.ts';
import { NDJSON_FRAMING } from '../framing/ndjson.ts';
import { num, obj } from '../json.ts';
import { ollamaMatrix } from './matrix.ts';
import { ollamaRecorded } from './recorded.ts';
import { ollamaBadInput } from './reliability.ts';
import { ollamaSim } from './sim.ts';

const CHAT_PATH = '/api/chat';

/**
 * A chat request. The stream flag is always written, as ollama-js writes it: Ollama streams a
 * request that says nothing.
 */
const request = (
  model: string,
  text: string,
  stream: boolean,
  extra: Record<string, unknown> = {},
): KitRequest => ({
  path: CHAT_PATH,
  headers: {},
  body: { model, messages: [{ role: 'user', content: text }], ...extra, stream },
});

/** The text of an answer or a streamed record: chat's `message.content`, generate's `response`. */
const textSlot = (json: Record<string, unknown>) => {
  const holder = 'message' in json ? obj(json.message) : json;
  const key = holder === json ? 'response' : 'content';
  return typeof holder[key] === 'string' && holder[key] !== '' ? [{ holder, key }] : [];
};

/**
 * Ollama's error body, `{"error": "message"}`, with the error's status: ollama-js throws a
 * `ResponseError` whose `error` is that string. Returns it as the message.
 */
function expectOllamaError(reply: KitReply, status: number): Record<string, unknown> {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  expect(String(reply.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(reply.text) as { error: unknown };
  expect(typeof body.error, reply.text.slice(0, 300)).toBe('string');
  expect(body.error).not.toBe('');
  return { message: body.error };
}

/** Ollama's API (`POST /api/chat`; NDJSON streams, streamed by default), driven by ollama-js. */
export const ollamaKit: FormatKit = {
  format: 'ollama',
  nativeModel: ollamaSim.nativeModel.id,
  translatedModel: 'sim-chat',
  client: {
    request: (model, text, stream) => request(model, text, stream),
    wholeText: (body) =>
      textSlot(obj(body))
        .map(({ holder, key }) => String(holder[key]))
        .join(''),
    refusalAsText: true,
    // ollama-js from a page: its token as Bearer (its `headers` option), the JSON body, and the
    // User-Agent it always sets (Firefox lets a page send it, and asks a preflight to allow it).
    browserHeaders: (token) => ({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'user-agent': 'ollama-js/0.6.4 (x64 browser)',
    }),
    listModels: (token) => ({ path: '/api/tags', headers: { authorization: `Bearer ${token}` } }),
    // `/api/show`, `/api/version` and `/api/ps` are the gateway's own answers, not the upstream's.
    otherRoutes: [],
  },
  // One JSON object a line: text is a record's `message.content` (thinking is `thinking`, beside
  // it); an error is a line `{"error": …}`.
  stream: {
    framing: NDJSON_FRAMING,
    // The translated stream's first line carries content: nothing goes out before some arrives.
    opensBeforeContent: false,
    textSlots: ({ json }) => textSlot(json),
    isError: ({ json }) => typeof json.error === 'string',
  },
  errors: { expect: expectOllamaError },
  upstream: {
    sim: ollamaSim,
    // With thinking on: the thinking streams before the text, as a thinking model's does.
    recordingRequest: (model, text, stream) => request(model, text, stream, { think: true }),
    errorRecord: (message) => NDJSON_FRAMING.write([{ data: JSON.stringify({ error: message }) }]),
    // Ollama says it is busy with a 503, which every format shares.
    overloadedStatuses: [],
    // Ollama streams unless told not to.
    wholeRequest: (path, body) => ({ path, body: { ...body, stream: false } }),
    // Prompt and generated tokens only: Ollama reports no cache reads, and counts the thinking
    // among the generated tokens.
    usage: (answer) => ({
      inputTokens: num(obj(answer).prompt_eval_count),
      outputTokens: num(obj(answer).eval_count),
      cachedInputTokens: null,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
    }),
  },
  badBodies: {
    textAround: (model) => [
      `{"model":"${model}","stream":false,"messages":[{"role":"user","content":"`,
      '"}]}',
    ],
    wrongTypes: '{"model":42,"messages":"hello"}',
    // The converters walk a `format` schema as they walk a tool's.
    deepInField: (model, depth) =>
      `{"model":"${model}","stream":false,"messages":[{"role":"user","content":"hi"}],"format":${deepObjects(depth)}}`,
    deepTool: (model, schema) =>
      `{"model":"${model}","stream":false,"messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":${schema}}}]}`,
    unknownField: (model) =>
      `{"model":"${model}","stream":false,"messages":[{"role":"user","content":"hi"}],"zz_not_a_field":1}`,
    valid: (model, text) => ({
      model,
      stream: false,
      messages: [{ role: 'user', content: text }],
    }),
  },
  reliability: { badInput: ollamaBadInput },
  recorded: ollamaRecorded,
  matrix: ollamaMatrix,
  // A passed-through request goes up as the client sent it.
  bench: { direct: (model, text, stream) => request(model, text, stream) },
};
