import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * The vendored OpenAI OpenAPI 3.1 document as a JSON Schema 2020-12 validator. The document still
 * carries OpenAPI 3.0 habits a 2020-12 validator does not read: `nullable: true`, made a `null`
 * branch here, and `discriminator`, `example` and `x-*` annotations, dropped since they constrain
 * nothing (ajv's own `discriminator` support would demand a tag on every branch, which this
 * document's unions lack).
 */
const DOCUMENT_PATH = resolve(import.meta.dirname, '../../fixtures/schemas/openai-openapi.json');
const DOCUMENT_ID = 'https://openai.test/openapi.json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Annotations that only document or drive code generators. */
const dropped = (key: string) => key === 'discriminator' || key === 'example' || /^x-/.test(key);

/** `nullable: true` as 2020-12 says it: `null` added to `type` (and `enum`), or an `anyOf`. */
function withNull(schema: JsonObject): JsonObject {
  const { type, enum: values } = schema;
  if (typeof type === 'string' && (values === undefined || Array.isArray(values))) {
    return {
      ...schema,
      type: [type, 'null'],
      ...(Array.isArray(values) ? { enum: [...values, null] } : {}),
    };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

function toJsonSchema(value: Json): Json {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (dropped(key) || key === 'nullable') continue;
    out[key] = toJsonSchema(child);
  }
  return value.nullable === true ? withNull(out) : out;
}

function loadSchemas(): JsonObject {
  const document = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as JsonObject;
  const components = document.components;
  if (!isObject(components) || !isObject(components.schemas))
    throw new Error('openai-openapi.json has no components.schemas');
  return toJsonSchema(components.schemas) as JsonObject;
}

let ajv: Ajv2020 | undefined;
let schemas: JsonObject | undefined;
const compiled = new Map<string, ValidateFunction>();

function validatorOf(name: string): ValidateFunction {
  const cached = compiled.get(name);
  if (cached) return cached;
  schemas ??= loadSchemas();
  if (!ajv) {
    // Not strict: the `components` wrapper below is no keyword, and the document's `required`
    // lists name properties that another `allOf` branch declares. Formats (`unixtime`, `uri`)
    // are descriptive here.
    ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
    // The `$ref`s read `#/components/schemas/…`, so the schemas sit under that path of one
    // document with an `$id`.
    ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas } });
  }
  if (!isObject(schemas[name])) throw new Error(`no schema named ${name}`);
  const validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${name}`);
  if (!validate) throw new Error(`could not compile ${name}`);
  compiled.set(name, validate);
  return validate;
}

/** The `type` of each stream event (`response.created`, `error`, …) → the name of its schema. */
function streamEventSchemas(): Map<string, string> {
  schemas ??= loadSchemas();
  const union = schemas.ResponseStreamEvent;
  const branches = isObject(union) && Array.isArray(union.anyOf) ? union.anyOf : [];
  const byType = new Map<string, string>();
  for (const branch of branches) {
    const ref = isObject(branch) && typeof branch.$ref === 'string' ? branch.$ref : '';
    const name = ref.replace('#/components/schemas/', '');
    const event = schemas[name];
    const typeSchema = isObject(event) && isObject(event.properties) ? event.properties.type : null;
    const values = isObject(typeSchema) && Array.isArray(typeSchema.enum) ? typeSchema.enum : [];
    for (const value of values) if (typeof value === 'string') byType.set(value, name);
  }
  return byType;
}

let eventSchemas: Map<string, string> | undefined;

/** The schema for one responses stream event, chosen by its `type` for readable failures. */
export function responsesEventSchemaName(event: unknown): string | undefined {
  eventSchemas ??= streamEventSchemas();
  const type = isObject(event as Json) ? (event as JsonObject).type : undefined;
  return typeof type === 'string' ? eventSchemas.get(type) : undefined;
}

/** Readable ajv errors; anyOf failures list every branch, so the list is cut short. */
function readable(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? [])
    .slice(0, 40)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`);
}

/** The violations of `value` against the named component schema ([] when it conforms). */
export function violationsOf(schemaName: string, value: unknown): string[] {
  const validate = validatorOf(schemaName);
  return validate(value) ? [] : readable(validate.errors);
}
