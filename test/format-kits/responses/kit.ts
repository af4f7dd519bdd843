import type { FormatKit, KitRequest } from '../format-kit.ts';
import { deepArrays } from '../deep.ts';
import { SSE_FRAMING } from '../framing/sse.ts';
import { list, num, obj, slotIf } from '../json.ts';
import { expectOpenAiError } from '../openai-errors.ts';
import { responsesMatrix } from './matrix.ts';
import { responsesRecorded } from './recorded.ts';
import { responsesSim } from './sim.ts';

const request = (model: string, text: string, stream: boolean): KitRequest => ({
  path: '/v1/responses',
  headers: {},
  body: { model, input: text, ...(stream ? { stream } : {}) },
});

/** Responses (`POST /v1/responses`), driven by the `openai` SDK. */
export const responsesKit: FormatKit = {
  format: 'responses',
  nativeModel: responsesSim.nativeModel.id,
  translatedModel: 'sim-chat',
  client: {
    request,
    // The answer's message items, their output_text parts (what the SDK's `output_text` joins).
    wholeText: (body) =>
      list(obj(body).output)
        .filter((item) => obj(item).type === 'message')
        .flatMap((item) => list(obj(item).content))
        .map((part) => (obj(part).type === 'output_text' ? String(obj(part).text ?? '') : ''))
        .join(''),
    refusalAsText: false,
    listModels: (token) => ({ path: '/v1/models', headers: { authorization: `Bearer ${token}` } }),
    otherRoutes: [],
  },
  stream: {
    framing: SSE_FRAMING,
    opensBeforeContent: true,
    textSlots: ({ json }) =>
      json.type === 'response.output_text.delta' ? slotIf(json, 'delta') : [],
    isError: ({ json }) => json.type === 'error' || json.type === 'response.failed',
  },
  errors: { expect: expectOpenAiError },
  upstream: {
    sim: responsesSim,
    recordingRequest: request,
    errorRecord: (message) =>
      SSE_FRAMING.write([
        {
          event: 'error',
          data: JSON.stringify({
            type: 'error',
            sequence_number: 0,
            code: 'server_error',
            message,
            param: null,
          }),
        },
      ]),
    overloadedStatuses: [],
    wholeRequest: (path, { stream: _stream, ...body }) => ({ path, body }),
    usage: (answer) => {
      const u = obj(obj(answer).usage);
      return {
        inputTokens: num(u.input_tokens),
        outputTokens: num(u.output_tokens),
        cachedInputTokens: num(obj(u.input_tokens_details).cached_tokens),
        cacheWriteTokens: 0,
        reasoningTokens: num(obj(u.output_tokens_details).reasoning_tokens),
      };
    },
  },
  badBodies: {
    textAround: (model) => [`{"model":"${model}","input":"`, '"}'],
    wrongTypes: '{"model":"sim-responses","input":7}',
    deepInField: (model, depth) =>
      `{"model":"${model}","input":[{"role":"user","content":${deepArrays(depth)}}]}`,
    deepTool: (model, schema) =>
      `{"model":"${model}","input":"hi","tools":[{"type":"function","name":"f","parameters":${schema}}]}`,
    unknownField: (model) => `{"model":"${model}","input":"hi","zz_not_a_field":1}`,
    valid: (model, text) => ({ model, input: text }),
  },
  reliability: {},
  recorded: responsesRecorded,
  matrix: responsesMatrix,
  bench: { direct: request },
};
