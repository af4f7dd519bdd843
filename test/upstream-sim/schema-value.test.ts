import { describe, expect, it } from 'vitest';
import { valueFromSchema } from './schema-value.ts';

const all = { allProperties: true };
const required = { allProperties: false };

describe('valueFromSchema', () => {
  it('fills required properties only for tool arguments', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string' },
        count: { type: 'integer' },
        metric: { type: 'boolean' },
        extra: { type: 'string' },
      },
      required: ['city', 'count', 'metric'],
    };
    expect(valueFromSchema(schema, required)).toEqual({ city: 'Paris', count: 1, metric: true });
    expect(valueFromSchema(schema, all)).toMatchObject({ extra: 'value' });
  });

  it('reads Gemini upper-case types, enums, arrays, nesting and refs', () => {
    const schema = {
      type: 'OBJECT',
      properties: {
        unit: { type: 'STRING', enum: ['C', 'F'] },
        days: { type: 'ARRAY', items: { $ref: '#/$defs/day' }, minItems: 2 },
        where: {
          type: 'OBJECT',
          properties: { location: { type: 'STRING' } },
          required: ['location'],
        },
        maybe: { type: ['null', 'number'], minimum: 5 },
        choice: { anyOf: [{ type: 'null' }, { type: 'string', format: 'date' }] },
      },
      $defs: { day: { type: 'object', properties: { n: { const: 3 } }, required: ['n'] } },
    };
    expect(valueFromSchema(schema, all)).toEqual({
      unit: 'C',
      days: [{ n: 3 }, { n: 3 }],
      where: { location: 'Paris' },
      maybe: 5,
      choice: '2024-01-01',
    });
  });

  it('gives {} without a schema', () => {
    expect(valueFromSchema(undefined, required)).toEqual({});
    expect(valueFromSchema({ type: 'object' }, required)).toEqual({});
  });
});
