import { expect } from 'vitest';
import type { FormatKit, KitReply, KitRequest } from '../format-kit.ts';
import { deepArrays } from '../deep.ts';
import { SSE_FRAMING } from '../framing/sse.ts';
import { list, num, obj, slotIf } from '../json.ts';
import { anthropicMatrix } from './matrix.ts';
import { anthropicRecorded } from './recorded.ts';
import { ANTHROPIC_VERSION, anthropicBadInput } from './reliability.ts';
import { anthropicSim } from './sim.ts';

/** A Messages request must say how many tokens it allows; this is the tests' allowance. */
const MAX_TOKENS = 1024;

/** What @anthropic-ai/sdk sends with every request besides its key. */
const HEADERS = { 'anthropic-version': ANTHROPIC_VERSION };

const request = (
  model: string,
  text: string,
  stream: boolean,
  extra: Record<string, unknown> = {},
): KitRequest => ({
  path: '/v1/messages',
  headers: HEADERS,
  body: {
    model,
    max_tokens: MAX_TOKENS,
    ...extra,
    messages: [{ role: 'user', content: text }],
    ...(stream ? { stream: true } : {}),
  },
});

/** The `error.type` values of Anthropic's API (@anthropic-ai/sdk's `ErrorType`, and 413's). */
const ANTHROPIC_ERROR_TYPES: ReadonlySet<string> = new Set([
  'invalid_request_error',
  'authentication_error',
  'billing_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'timeout_error',
  'api_error',
  'overloaded_error',
]);

/** Statuses whose type the SDK and the API agree on, whoever made the answer. */
const ANTHROPIC_TYPE_OF: Readonly<Record<number, string>> = {
  401: 'authentication_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
};

function expectAnthropicError(reply: KitReply, status: number): Record<string, unknown> {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  expect(String(reply.headers['content-type'])).toMatch(/^application\/json/);
  // `{"type":"error","error":{"type","message"}}`: the SDK reads `error.message` for its APIError.
  const body = JSON.parse(reply.text) as { type: unknown; error: Record<string, unknown> };
  expect(body.type, reply.text.slice(0, 300)).toBe('error');
  expect(ANTHROPIC_ERROR_TYPES.has(String(body.error.type)), String(body.error.type)).toBe(true);
  if (ANTHROPIC_TYPE_OF[status] !== undefined)
    expect(body.error.type).toBe(ANTHROPIC_TYPE_OF[status]);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message).not.toBe('');
  return body.error;
}

/** Anthropic Messages (`POST /v1/messages`), driven by `@anthropic-ai/sdk`. */
export const anthropicKit: FormatKit = {
  format: 'anthropic',
  nativeModel: anthropicSim.nativeModel.id,
  translatedModel: 'sim-responses',
  client: {
    request: (model, text, stream) => request(model, text, stream),
    wholeText: (body) =>
      list(obj(body).content)
        .map((block) => (obj(block).type === 'text' ? String(obj(block).text ?? '') : ''))
        .join(''),
    refusalAsText: false,
    // @anthropic-ai/sdk: its key, its version, and (from a page) its browser opt-in.
    browserHeaders: (token) => ({
      'x-api-key': token,
      ...HEADERS,
      'anthropic-dangerous-direct-browser-access': 'true',
      'content-type': 'application/json',
    }),
    // The shared list, which tells an Anthropic client by its version header.
    listModels: (token) => ({ path: '/v1/models', headers: { 'x-api-key': token, ...HEADERS } }),
    otherRoutes: [
      {
        name: 'count_tokens',
        request: (model, text) => ({
          path: '/v1/messages/count_tokens',
          headers: HEADERS,
          body: { model, messages: [{ role: 'user', content: text }] },
        }),
      },
    ],
  },
  // Named events, and @anthropic-ai/sdk reads an event by its name (one it does not know is
  // skipped): text is a `content_block_delta` event's `text_delta`; an error is an `error` event
  // whose data is `{"type":"error","error":{...}}`.
  stream: {
    framing: SSE_FRAMING,
    opensBeforeContent: true,
    textSlots: ({ event, json }) =>
      event === 'content_block_delta' &&
      json.type === event &&
      obj(json.delta).type === 'text_delta'
        ? slotIf(json.delta, 'text')
        : [],
    isError: ({ event, json }) => event === 'error' && json.type === 'error',
  },
  errors: { expect: expectAnthropicError },
  upstream: {
    sim: anthropicSim,
    // With thinking on: a signed thinking block comes before the text, as Claude's answers do.
    recordingRequest: (model, text, stream) =>
      request(model, text, stream, {
        max_tokens: 2048,
        thinking: { type: 'enabled', budget_tokens: 1024 },
      }),
    // Anthropic's 529 says the API refused the work, as a 503 does: no generation was made.
    errorRecord: (message) =>
      SSE_FRAMING.write([
        {
          event: 'error',
          data: JSON.stringify({ type: 'error', error: { type: 'api_error', message } }),
        },
      ]),
    overloadedStatuses: [529],
    wholeRequest: (path, { stream: _stream, ...body }) => ({ path, body }),
    // Messages counts cache reads and writes outside input_tokens; OpenAI's convention inside.
    usage: (answer) => {
      const u = obj(obj(answer).usage);
      const read = num(u.cache_read_input_tokens);
      const written = num(u.cache_creation_input_tokens);
      return {
        inputTokens: num(u.input_tokens) + read + written,
        outputTokens: num(u.output_tokens),
        cachedInputTokens: read,
        cacheWriteTokens: written,
        reasoningTokens: num(obj(u.output_tokens_details).thinking_tokens),
      };
    },
    longRecording: true,
  },
  badBodies: {
    textAround: (model) => [
      `{"model":"${model}","max_tokens":${MAX_TOKENS},"messages":[{"role":"user","content":"`,
      '"}]}',
    ],
    wrongTypes: '{"model":"sim-anthropic","max_tokens":"many","messages":"hello"}',
    deepInField: (model, depth) =>
      `{"model":"${model}","max_tokens":${MAX_TOKENS},"messages":[{"role":"user","content":${deepArrays(depth)}}]}`,
    deepTool: (model, schema) =>
      `{"model":"${model}","max_tokens":${MAX_TOKENS},"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"f","input_schema":${schema}}]}`,
    unknownField: (model) =>
      `{"model":"${model}","max_tokens":${MAX_TOKENS},"messages":[{"role":"user","content":"hi"}],"zz_not_a_field":1}`,
    valid: (model, text) => ({
      model,
      max_tokens: MAX_TOKENS,
      messages: [{ role: 'user', content: text }],
    }),
  },
  reliability: { badInput: anthropicBadInput },
  recorded: anthropicRecorded,
  matrix: anthropicMatrix,
  bench: { direct: (model, text, stream) => request(model, text, stream) },
};
