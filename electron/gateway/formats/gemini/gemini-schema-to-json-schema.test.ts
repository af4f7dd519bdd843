import { describe, expect, it } from 'vitest';
import { geminiSchemaToJsonSchema } from './gemini-schema-to-json-schema.ts';
import { gatewayErrorOf } from '../../../../test/doubles/formats/gemini-test-helpers.ts';

describe('geminiSchemaToJsonSchema', () => {
  it('lower-cases types, drops propertyOrdering and recurses into properties and items', () => {
    const out = geminiSchemaToJsonSchema(
      {
        type: 'OBJECT',
        properties: {
          city_name: { type: 'STRING', description: 'City' },
          days: { type: 'ARRAY', items: { type: 'INTEGER' }, maxItems: '7' },
        },
        required: ['city_name'],
        propertyOrdering: ['city_name', 'days'],
      },
      'p',
    );
    expect(out).toEqual({
      type: 'object',
      properties: {
        city_name: { type: 'string', description: 'City' },
        days: { type: 'array', items: { type: 'integer' }, maxItems: 7 },
      },
      required: ['city_name'],
    });
  });

  it('turns nullable into a null type, also inside an enum', () => {
    expect(
      geminiSchemaToJsonSchema(
        { type: 'STRING', format: 'enum', enum: ['a', 'b'], nullable: true },
        'p',
      ),
    ).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(geminiSchemaToJsonSchema({ anyOf: [{ type: 'NUMBER' }], nullable: true }, 'p')).toEqual({
      anyOf: [{ type: 'number' }, { type: 'null' }],
    });
  });

  it('reads snake_case schema keys but keeps property names as written', () => {
    expect(
      geminiSchemaToJsonSchema(
        {
          type: 'OBJECT',
          property_ordering: ['a_b'],
          properties: { a_b: { type: 'STRING', min_length: '2' } },
        },
        'p',
      ),
    ).toEqual({ type: 'object', properties: { a_b: { type: 'string', minLength: 2 } } });
  });

  it('moves example to examples and keeps unknown keys', () => {
    expect(
      geminiSchemaToJsonSchema({ type: 'STRING', example: 'x', pattern: '^a', title: 'T' }, 'p'),
    ).toEqual({ type: 'string', examples: ['x'], pattern: '^a', title: 'T' });
  });

  it('names a sub-schema that is not an object', () => {
    const error = gatewayErrorOf(() =>
      geminiSchemaToJsonSchema({ type: 'OBJECT', properties: { a: 3 } }, 'tools.0.parameters'),
    );
    expect(error.param).toBe('tools.0.parameters.properties.a');
  });
});
