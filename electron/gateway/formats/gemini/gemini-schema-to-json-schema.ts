import { isRecord } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { camelCaseKeys } from './gemini-field-names.ts';

/** int64 fields of Gemini's Schema; proto3 JSON may write them as strings ("5"). */
const INT64_FIELDS = new Set([
  'maxItems',
  'minItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
]);

/**
 * Gemini's `Schema` (an OpenAPI 3.0 subset: upper-case `type`, `nullable`, `propertyOrdering`)
 * → JSON Schema, the canonical form (rule `gemini.schema_openapi_to_json_schema`).
 * `propertyOrdering` only steers Gemini's output order and has no JSON Schema keyword;
 * `nullable` becomes a `"null"` type; `example` becomes `examples`. Keys this subset does not
 * define are kept as written, never dropped.
 */
export function geminiSchemaToJsonSchema(schema: unknown, param: string): Record<string, unknown> {
  if (!isRecord(schema))
    throw badRequest(`Invalid field '${param}': expected a schema object.`, param);
  const source = camelCaseKeys(schema, param);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined || value === null) continue;
    if (key === 'nullable' || key === 'propertyOrdering') continue;
    if (key === 'type') {
      const type = lowerType(value);
      if (type !== undefined) out.type = type;
    } else if (key === 'format' && value === 'enum') {
      // Gemini's marker for a string enum; JSON Schema says it with `enum` alone.
      continue;
    } else if (key === 'properties' && isRecord(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [
          name,
          geminiSchemaToJsonSchema(sub, `${param}.properties.${name}`),
        ]),
      );
    } else if (key === 'items') {
      out.items = geminiSchemaToJsonSchema(value, `${param}.items`);
    } else if (key === 'anyOf' && Array.isArray(value)) {
      out.anyOf = value.map((sub, i) => geminiSchemaToJsonSchema(sub, `${param}.anyOf.${i}`));
    } else if (key === 'example') {
      out.examples = [value];
    } else if (INT64_FIELDS.has(key) && typeof value === 'string' && /^\d+$/.test(value)) {
      out[key] = Number(value);
    } else {
      out[key] = value;
    }
  }
  if (source.nullable === true) makeNullable(out);
  return out;
}

function lowerType(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const type = value.toLowerCase();
  return type === 'type_unspecified' ? undefined : type;
}

function makeNullable(out: Record<string, unknown>): void {
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
  else if (out.type === undefined && Array.isArray(out.anyOf))
    out.anyOf = [...out.anyOf, { type: 'null' }];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
}
