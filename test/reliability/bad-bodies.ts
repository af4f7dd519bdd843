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

/** Bytes that are not UTF-8 inside an otherwise valid body. */
export function invalidUtf8(format: WireFormat, model: string): Buffer {
  const [before, after] =
    format === 'chat'
      ? [`{"model":"${model}","messages":[{"role":"user","content":"`, '"}]}']
      : format === 'responses'
        ? [`{"model":"${model}","input":"`, '"}']
        : ['{"contents":[{"role":"user","parts":[{"text":"', '"}]}]}'];
  return Buffer.concat([
    Buffer.from(before),
    Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
    Buffer.from(after),
  ]);
}

/** Required fields with the wrong JSON types. */
export function wrongTypes(format: WireFormat): string {
  if (format === 'chat') return '{"model":42,"messages":"hello"}';
  if (format === 'responses') return '{"model":"sim-responses","input":7}';
  return '{"contents":"hello"}';
}

/** A valid request whose user text nests `depth` arrays deep. */
export function deepInField(format: WireFormat, model: string, depth: number): string {
  const deep = deepArrays(depth);
  if (format === 'chat')
    return `{"model":"${model}","messages":[{"role":"user","content":${deep}}]}`;
  if (format === 'responses')
    return `{"model":"${model}","input":[{"role":"user","content":${deep}}]}`;
  return `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"generationConfig":{"responseMimeType":"application/json","responseSchema":${deepObjects(depth)}}}`;
}

/** A tool whose parameters schema nests `depth` levels: the converters walk schemas recursively. */
export function deepTool(format: WireFormat, model: string, depth: number): string {
  const schema = deepSchema(depth);
  if (format === 'chat')
    return `{"model":"${model}","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":${schema}}}]}`;
  if (format === 'responses')
    return `{"model":"${model}","input":"hi","tools":[{"type":"function","name":"f","parameters":${schema}}]}`;
  return `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"tools":[{"functionDeclarations":[{"name":"f","parameters":${schema}}]}]}`;
}

/** A field no format defines, at the top level. */
export function unknownField(format: WireFormat, model: string): string {
  if (format === 'chat')
    return `{"model":"${model}","messages":[{"role":"user","content":"hi"}],"zz_not_a_field":1}`;
  if (format === 'responses') return `{"model":"${model}","input":"hi","zz_not_a_field":1}`;
  return '{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"zzNotAField":1}';
}

/** `bytes` of something that is not JSON at all. */
export const junk = (bytes: number): Buffer => Buffer.alloc(bytes, 'x');

/** A valid body of about `bytes`, the size in one user text. */
export function bigValid(format: WireFormat, model: string, bytes: number): string {
  const text = 'y'.repeat(bytes);
  if (format === 'chat')
    return JSON.stringify({ model, messages: [{ role: 'user', content: text }] });
  if (format === 'responses') return JSON.stringify({ model, input: text });
  return JSON.stringify({ contents: [{ role: 'user', parts: [{ text }] }] });
}
