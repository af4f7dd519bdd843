import type { CanonicalResponseFormat } from '../../canonical/canonical-request.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { optionalBoolean, optionalRecord, optionalString, requiredRecord } from '../read-field.ts';

/** Chat `response_format` (schema nested under `json_schema`) as canonical. */
export function chatResponseFormatToCanonical(value: unknown): CanonicalResponseFormat | undefined {
  const format = optionalRecord(value, 'response_format');
  if (format === undefined) return undefined;
  if (format.type === 'text') return { type: 'text' };
  if (format.type === 'json_object') return { type: 'json' };
  if (format.type !== 'json_schema')
    throw badRequest(
      "Invalid 'response_format.type': expected text, json_object or json_schema.",
      'response_format.type',
    );
  const spec = requiredRecord(format.json_schema, 'response_format.json_schema');
  const schema = optionalRecord(spec.schema, 'response_format.json_schema.schema');
  // Without a schema there is nothing for the other formats to enforce beyond "JSON".
  if (schema === undefined)
    throw badRequest(
      "'response_format.json_schema.schema' is required when this model is reached through another format.",
      'response_format.json_schema.schema',
    );
  const name = optionalString(spec.name, 'response_format.json_schema.name');
  const description = optionalString(spec.description, 'response_format.json_schema.description');
  const strict = optionalBoolean(spec.strict, 'response_format.json_schema.strict');
  return {
    type: 'json-schema',
    schema,
    ...(name === undefined ? {} : { name }),
    ...(description === undefined ? {} : { description }),
    ...(strict === undefined ? {} : { strict }),
  };
}
