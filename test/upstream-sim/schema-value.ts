import { asArray, asNumber, asRecord, asString } from './json-guards.ts';
import type { JsonRecord } from './json-guards.ts';

export interface SchemaValueOptions {
  /** Tool arguments fill required properties only; structured output fills all of them. */
  allProperties: boolean;
}

const MAX_DEPTH = 8;
const PLACE_NAME = /city|location|place|town|destination/i;
const FORMATS: Readonly<Record<string, string>> = {
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  time: '00:00:00',
  email: 'user@example.com',
  uri: 'https://example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
};

/**
 * A deterministic value valid against a JSON Schema or Gemini's OpenAPI subset
 * (upper-case types, `nullable`): enough of each keyword for what clients send.
 */
export function valueFromSchema(schema: unknown, opts: SchemaValueOptions): unknown {
  return generate(schema, schema, opts, 0, undefined);
}

function generate(
  raw: unknown,
  root: unknown,
  opts: SchemaValueOptions,
  depth: number,
  propName: string | undefined,
): unknown {
  const schema = asRecord(raw);
  if (schema === undefined || depth > MAX_DEPTH) return depth === 0 ? {} : 'value';
  const ref = asString(schema.$ref);
  if (ref !== undefined) return generate(resolveRef(root, ref), root, opts, depth + 1, propName);
  if ('const' in schema) return schema.const;
  const choices = asArray(schema.enum);
  if (choices !== undefined && choices.length > 0) return choices[0];
  const variants = asArray(schema.anyOf) ?? asArray(schema.oneOf) ?? asArray(schema.allOf);
  if (variants !== undefined && variants.length > 0) {
    const pick = variants.find((v) => typeOf(asRecord(v) ?? {}) !== 'null') ?? variants[0];
    return generate(pick, root, opts, depth + 1, propName);
  }
  switch (typeOf(schema)) {
    case 'object':
      return objectValue(schema, root, opts, depth);
    case 'array':
      return arrayValue(schema, root, opts, depth, propName);
    case 'string':
      return stringValue(schema, propName);
    case 'integer':
      return Math.ceil(numberValue(schema));
    case 'number':
      return numberValue(schema);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return depth === 0 ? {} : 'value';
  }
}

function typeOf(schema: JsonRecord): string | undefined {
  const declared = schema.type;
  const types = Array.isArray(declared) ? declared : [declared];
  const first = types.find((t): t is string => typeof t === 'string' && t.toLowerCase() !== 'null');
  if (first !== undefined) return first.toLowerCase();
  if (types.some((t) => typeof t === 'string')) return 'null';
  if (schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function objectValue(
  schema: JsonRecord,
  root: unknown,
  opts: SchemaValueOptions,
  depth: number,
): JsonRecord {
  const props = asRecord(schema.properties) ?? {};
  const required = (asArray(schema.required) ?? []).filter(
    (k): k is string => typeof k === 'string',
  );
  const keys = opts.allProperties ? [...new Set([...Object.keys(props), ...required])] : required;
  const out: JsonRecord = {};
  for (const key of keys) out[key] = generate(props[key], root, opts, depth + 1, key);
  return out;
}

function arrayValue(
  schema: JsonRecord,
  root: unknown,
  opts: SchemaValueOptions,
  depth: number,
  propName: string | undefined,
): unknown[] {
  const count = Math.min(Math.max(1, asNumber(schema.minItems) ?? 1), 10);
  const item = generate(schema.items, root, opts, depth + 1, propName);
  return Array.from({ length: count }, () => item);
}

function stringValue(schema: JsonRecord, propName: string | undefined): string {
  const formatted = FORMATS[asString(schema.format) ?? ''];
  if (formatted !== undefined) return formatted;
  let s = propName !== undefined && PLACE_NAME.test(propName) ? 'Paris' : 'value';
  const min = asNumber(schema.minLength);
  const max = asNumber(schema.maxLength);
  if (min !== undefined && s.length < min) s = s.padEnd(min, 's');
  if (max !== undefined && s.length > max) s = s.slice(0, max);
  return s;
}

function numberValue(schema: JsonRecord): number {
  let n = 1;
  const min = asNumber(schema.minimum);
  const exclusiveMin = asNumber(schema.exclusiveMinimum);
  const max = asNumber(schema.maximum);
  const exclusiveMax = asNumber(schema.exclusiveMaximum);
  if (min !== undefined && n < min) n = min;
  if (exclusiveMin !== undefined && n <= exclusiveMin) n = exclusiveMin + 1;
  if (max !== undefined && n > max) n = max;
  if (exclusiveMax !== undefined && n >= exclusiveMax) n = exclusiveMax - 1;
  return n;
}

/** Local references only (`#`, `#/$defs/X`, `#/definitions/X`, any JSON pointer). */
function resolveRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node = asRecord(node)?.[key];
  }
  return node;
}
