import type { CanonicalResponseFormat } from '../../canonical/canonical-request.ts';
import { isRecord } from '../../canonical/json.ts';
import { badRequest } from '../../canonical/gateway-error.ts';

/**
 * Ollama `format`: `"json"` is JSON mode, an object is the JSON Schema the answer must follow
 * (structured outputs), an empty string is no format (what Go clients send by default).
 */
export function ollamaFormatToCanonical(value: unknown): CanonicalResponseFormat | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 'json') return { type: 'json' };
  if (isRecord(value)) return { type: 'json-schema', schema: value };
  throw badRequest(
    'Invalid \'format\': expected "json" or a JSON Schema object.',
    'format',
    'invalid_type',
  );
}
