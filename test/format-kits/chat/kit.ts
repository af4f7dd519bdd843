import type { FormatKit, KitRequest } from '../format-kit.ts';
import { SSE_FRAMING } from '../framing/sse.ts';
import { deepArrays } from '../deep.ts';
import { list, num, obj, slotIf } from '../json.ts';
import { expectOpenAiError } from '../openai-errors.ts';
import { chatMatrix } from './matrix.ts';
import { chatRecorded } from './recorded.ts';
import { chatSim } from './sim.ts';

const PATH = '/v1/chat/completions';

const request = (
  model: string,
  text: string,
  stream: boolean,
  extra: Record<string, unknown> = {},
): KitRequest => ({
  path: PATH,
  headers: {},
  body: {
    model,
    messages: [{ role: 'user', content: text }],
    ...extra,
    ...(stream ? { stream: true } : {}),
  },
});

/** Chat completions (`POST /v1/chat/completions`), driven by the `openai` SDK. */
export const chatKit: FormatKit = {
  format: 'chat',
  nativeModel: chatSim.nativeModel.id,
  translatedModel: 'sim-gemini',
  client: {
    request: (model, text, stream) => request(model, text, stream),
    wholeText: (body) => {
      const content = obj(obj(list(obj(body).choices)[0]).message).content;
      return typeof content === 'string' ? content : '';
    },
    refusalAsText: false,
    listModels: (token) => ({ path: '/v1/models', headers: { authorization: `Bearer ${token}` } }),
    otherRoutes: [],
  },
  stream: {
    framing: SSE_FRAMING,
    opensBeforeContent: true,
    textSlots: ({ json }) => slotIf(obj(list(json.choices)[0]).delta, 'content'),
    isError: ({ json }) => json.error !== undefined,
  },
  errors: { expect: expectOpenAiError },
  upstream: {
    sim: chatSim,
    // With the usage chunk, as the gateway asks for it on its way up.
    recordingRequest: (model, text, stream) =>
      request(model, text, stream, { stream_options: { include_usage: true } }),
    errorRecord: (message) =>
      SSE_FRAMING.write([
        {
          data: JSON.stringify({
            error: { message, type: 'server_error', param: null, code: 'server_error' },
          }),
        },
      ]),
    overloadedStatuses: [],
    // Without `stream` and the usage request that goes with it.
    wholeRequest: (path, { stream: _stream, stream_options: _options, ...body }) => ({
      path,
      body,
    }),
    usage: (answer) => {
      const u = obj(obj(answer).usage);
      return {
        inputTokens: num(u.prompt_tokens),
        outputTokens: num(u.completion_tokens),
        cachedInputTokens: num(obj(u.prompt_tokens_details).cached_tokens),
        cacheWriteTokens: 0,
        reasoningTokens: num(obj(u.completion_tokens_details).reasoning_tokens),
      };
    },
  },
  badBodies: {
    textAround: (model) => [`{"model":"${model}","messages":[{"role":"user","content":"`, '"}]}'],
    wrongTypes: '{"model":42,"messages":"hello"}',
    deepInField: (model, depth) =>
      `{"model":"${model}","messages":[{"role":"user","content":${deepArrays(depth)}}]}`,
    deepTool: (model, schema) =>
      `{"model":"${model}","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":${schema}}}]}`,
    unknownField: (model) =>
      `{"model":"${model}","messages":[{"role":"user","content":"hi"}],"zz_not_a_field":1}`,
    valid: (model, text) => ({ model, messages: [{ role: 'user', content: text }] }),
  },
  reliability: {},
  recorded: chatRecorded,
  matrix: chatMatrix,
  bench: {
    // The gateway asks a streamed chat answer for its usage chunk.
    direct: (model, text, stream) =>
      request(model, text, stream, stream ? { stream_options: { include_usage: true } } : {}),
  },
};
