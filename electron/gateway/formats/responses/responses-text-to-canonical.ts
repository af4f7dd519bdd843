import type { CanonicalResponseFormat } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import {
  optionalBoolean,
  optionalRecord,
  optionalString,
  refuse,
  requiredString,
} from './field-readers.ts';

const TEXT_POLICY: FieldPolicy = {
  carried: ['format'],
  dropped: { verbosity: 'responses.verbosity_dropped' },
  refused: {},
};

const SCHEMA_POLICY: FieldPolicy = {
  carried: ['type', 'name', 'schema', 'strict', 'description'],
  dropped: {},
  refused: {},
};

/** `text.format` (flat json_schema shape) as the canonical response format; `verbosity` is a hint. */
export function responsesTextToCanonical(
  text: Record<string, unknown>,
  ctx: ConversionContext,
): CanonicalResponseFormat | undefined {
  applyFieldPolicy(text, TEXT_POLICY, ctx, 'text');
  const format = optionalRecord(text, 'format', 'text');
  if (format === undefined) return undefined;
  const type = requiredString(format, 'type', 'text.format');
  if (type === 'text' || type === 'json_object') {
    applyFieldPolicy(format, { carried: ['type'], dropped: {}, refused: {} }, ctx, 'text.format');
    return { type: type === 'text' ? 'text' : 'json' };
  }
  if (type !== 'json_schema')
    throw refuse('text.format.type', `the output format '${type}' has no equivalent`);
  applyFieldPolicy(format, SCHEMA_POLICY, ctx, 'text.format');
  const schema = optionalRecord(format, 'schema', 'text.format');
  if (schema === undefined)
    throw refuse('text.format.schema', 'a json_schema format needs a schema');
  const name = optionalString(format, 'name', 'text.format');
  const description = optionalString(format, 'description', 'text.format');
  const strict = optionalBoolean(format, 'strict', 'text.format');
  return {
    type: 'json-schema',
    schema,
    ...(name === undefined ? {} : { name }),
    ...(description === undefined ? {} : { description }),
    ...(strict === undefined ? {} : { strict }),
  };
}
