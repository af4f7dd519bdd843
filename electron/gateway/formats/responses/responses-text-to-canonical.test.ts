import { describe, expect, it } from 'vitest';
import { responsesTextToCanonical } from './responses-text-to-canonical.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/responses-test-support.ts';

const schema = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
  additionalProperties: false,
};

describe('responses text config → canonical format', () => {
  it('reads text, json_object and the flat json_schema shape', () => {
    expect(responsesTextToCanonical({ format: { type: 'text' } }, testContext())).toEqual({
      type: 'text',
    });
    expect(responsesTextToCanonical({ format: { type: 'json_object' } }, testContext())).toEqual({
      type: 'json',
    });
    expect(
      responsesTextToCanonical(
        {
          format: {
            type: 'json_schema',
            name: 'answer',
            description: 'An answer',
            schema,
            strict: true,
          },
        },
        testContext(),
      ),
    ).toEqual({
      type: 'json-schema',
      name: 'answer',
      description: 'An answer',
      schema,
      strict: true,
    });
  });

  it('drops verbosity under its rule', () => {
    const ctx = testContext();
    expect(responsesTextToCanonical({ verbosity: 'low' }, ctx)).toBeUndefined();
    expect(ctx.rules).toEqual(['responses.verbosity_dropped']);
  });

  it('refuses a schema format without schema, and unknown format types', () => {
    expect(
      gatewayErrorOf(() =>
        responsesTextToCanonical({ format: { type: 'json_schema', name: 'x' } }, testContext()),
      ).param,
    ).toBe('text.format.schema');
    expect(
      gatewayErrorOf(() => responsesTextToCanonical({ format: { type: 'grammar' } }, testContext()))
        .param,
    ).toBe('text.format.type');
  });
});
