import { describe, expect, it } from 'vitest';
import { ollamaFormatToCanonical } from './ollama-format-to-canonical.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';

describe('ollamaFormatToCanonical', () => {
  it('reads json mode, a schema, and no format', () => {
    expect(ollamaFormatToCanonical('json')).toEqual({ type: 'json' });
    const schema = { type: 'object', properties: { age: { type: 'integer' } }, required: ['age'] };
    expect(ollamaFormatToCanonical(schema)).toEqual({ type: 'json-schema', schema });
    expect(ollamaFormatToCanonical(undefined)).toBeUndefined();
    expect(ollamaFormatToCanonical('')).toBeUndefined();
  });

  it('refuses any other value', () => {
    expect(errorOf(() => ollamaFormatToCanonical('yaml')).param).toBe('format');
    expect(errorOf(() => ollamaFormatToCanonical([1])).param).toBe('format');
  });
});
