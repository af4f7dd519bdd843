import { deepArrays, deepObjects } from '../format-kits/deep.ts';
import type { FormatKit } from '../format-kits/format-kit.ts';

/**
 * Request bodies a client should never send, shared by the in-process checks and the memory
 * burst against a real process. Each is built from a format's kit (`badBodies`), so "wrong"
 * means wrong there, not merely unknown.
 */

export { deepArrays, deepObjects };

/** A JSON-Schema-looking object nested `depth` levels (what a tool's parameters could be). */
const deepSchema = (depth: number): string =>
  '{"type":"object","properties":{"a":'.repeat(depth) + '{"type":"string"}' + '}}'.repeat(depth);

/** Bytes that are not UTF-8 inside an otherwise valid body. */
export function invalidUtf8(kit: FormatKit, model: string): Buffer {
  const [before, after] = kit.badBodies.textAround(model);
  return Buffer.concat([
    Buffer.from(before),
    Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
    Buffer.from(after),
  ]);
}

/** Required fields with the wrong JSON types. */
export const wrongTypes = (kit: FormatKit): string => kit.badBodies.wrongTypes;

/** A valid request whose user text (Gemini: response schema) nests `depth` levels deep. */
export const deepInField = (kit: FormatKit, model: string, depth: number): string =>
  kit.badBodies.deepInField(model, depth);

/** A tool whose parameters schema nests `depth` levels: the converters walk schemas recursively. */
export const deepTool = (kit: FormatKit, model: string, depth: number): string =>
  kit.badBodies.deepTool(model, deepSchema(depth));

/** A field no format defines, at the top level. */
export const unknownField = (kit: FormatKit, model: string): string =>
  kit.badBodies.unknownField(model);

/** `bytes` of something that is not JSON at all. */
export const junk = (bytes: number): Buffer => Buffer.alloc(bytes, 'x');

/** A valid body of about `bytes`, the size in one user text. */
export const bigValid = (kit: FormatKit, model: string, bytes: number): string =>
  JSON.stringify(kit.badBodies.valid(model, 'y'.repeat(bytes)));
