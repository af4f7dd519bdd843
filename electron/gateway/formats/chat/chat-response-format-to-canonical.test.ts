import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { chatResponseFormatToCanonical } from './chat-response-format-to-canonical.ts';

describe('chatResponseFormatToCanonical', () => {
  it('maps text and json_object', () => {
    expect(chatResponseFormatToCanonical({ type: 'text' })).toEqual({ type: 'text' });
    expect(chatResponseFormatToCanonical({ type: 'json_object' })).toEqual({ type: 'json' });
    expect(chatResponseFormatToCanonical(undefined)).toBeUndefined();
  });

  it('unnests json_schema', () => {
    const schema = {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    };
    expect(
      chatResponseFormatToCanonical({
        type: 'json_schema',
        json_schema: { name: 'answer', description: 'The answer', strict: true, schema },
      }),
    ).toEqual({
      type: 'json-schema',
      schema,
      name: 'answer',
      description: 'The answer',
      strict: true,
    });
  });

  it('refuses a json_schema without schema and an unknown type', () => {
    expect(
      errorOf(() =>
        chatResponseFormatToCanonical({ type: 'json_schema', json_schema: { name: 'x' } }),
      ).param,
    ).toBe('response_format.json_schema.schema');
    expect(errorOf(() => chatResponseFormatToCanonical({ type: 'grammar' })).param).toBe(
      'response_format.type',
    );
  });
});
