import type { WireFormat } from '../../shared/wire-formats.ts';

/**
 * Request bodies a client should never send, shared by the in-process checks and the memory
 * burst against a real process. Each is built for one route format, so "wrong" means wrong
 * there, not merely unknown.
 */

export const deepArrays = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

export const deepObjects = (depth: number): string =>
  '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** A JSON-Schema-looking object nested `depth` levels (what a tool's parameters could be). */
const deepSchema = (depth: number): string =>
  '{"type":"object","properties":{"a":'.repeat(depth) + '{"type":"string"}' + '}}'.repeat(depth);

/** A Messages request must say how many tokens it allows; this is the tests' allowance. */
const MAX_TOKENS = 1024;

/** Each format's bad bodies, one table so that a new format must say what is bad for it. */
interface BadBodies {
  /** The text before and after a user text that is a JSON string. */
  textAround(model: string): [string, string];
  wrongTypes: string;
  deepInField(model: string, depth: number): string;
  deepTool(model: string, schema: string): string;
  unknownField(model: string): string;
  valid(model: string, text: string): unknown;
}

const BAD_BODIES: Record<WireFormat, BadBodies> = {
  chat: {
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
  responses: {
    textAround: (model) => [`{"model":"${model}","input":"`, '"}'],
    wrongTypes: '{"model":"sim-responses","input":7}',
    deepInField: (model, depth) =>
      `{"model":"${model}","input":[{"role":"user","content":${deepArrays(depth)}}]}`,
    deepTool: (model, schema) =>
      `{"model":"${model}","input":"hi","tools":[{"type":"function","name":"f","parameters":${schema}}]}`,
    unknownField: (model) => `{"model":"${model}","input":"hi","zz_not_a_field":1}`,
    valid: (model, text) => ({ model, input: text }),
  },
  gemini: {
    textAround: () => ['{"contents":[{"role":"user","parts":[{"text":"', '"}]}]}'],
    wrongTypes: '{"contents":"hello"}',
    deepInField: (_model, depth) =>
      `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"generationConfig":{"responseMimeType":"application/json","responseSchema":${deepObjects(depth)}}}`,
    deepTool: (_model, schema) =>
      `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"tools":[{"functionDeclarations":[{"name":"f","parameters":${schema}}]}]}`,
    unknownField: () => '{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"zzNotAField":1}',
    valid: (_model, text) => ({ contents: [{ role: 'user', parts: [{ text }] }] }),
  },
  anthropic: {
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
};

/** Bytes that are not UTF-8 inside an otherwise valid body. */
export function invalidUtf8(format: WireFormat, model: string): Buffer {
  const [before, after] = BAD_BODIES[format].textAround(model);
  return Buffer.concat([
    Buffer.from(before),
    Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
    Buffer.from(after),
  ]);
}

/** Required fields with the wrong JSON types. */
export const wrongTypes = (format: WireFormat): string => BAD_BODIES[format].wrongTypes;

/** A valid request whose user text (Gemini: response schema) nests `depth` levels deep. */
export const deepInField = (format: WireFormat, model: string, depth: number): string =>
  BAD_BODIES[format].deepInField(model, depth);

/** A tool whose parameters schema nests `depth` levels: the converters walk schemas recursively. */
export const deepTool = (format: WireFormat, model: string, depth: number): string =>
  BAD_BODIES[format].deepTool(model, deepSchema(depth));

/** A field no format defines, at the top level. */
export const unknownField = (format: WireFormat, model: string): string =>
  BAD_BODIES[format].unknownField(model);

/** `bytes` of something that is not JSON at all. */
export const junk = (bytes: number): Buffer => Buffer.alloc(bytes, 'x');

/** A valid body of about `bytes`, the size in one user text. */
export const bigValid = (format: WireFormat, model: string, bytes: number): string =>
  JSON.stringify(BAD_BODIES[format].valid(model, 'y'.repeat(bytes)));
