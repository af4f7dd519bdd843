import { describe, expect, it } from 'vitest';
import { fieldsOf, tariffOf } from './tariff-fields.ts';

describe('tariff fields', () => {
  it('round-trip a token tariff through the inputs', () => {
    const tariff = {
      kind: 'tokens',
      modelRatio: 1.25,
      completionRatio: 4,
      cacheRatio: 0.25,
      groupRatio: 1,
    } as const;
    const { kind, fields } = fieldsOf(tariff);
    expect(tariffOf(kind, fields)).toEqual(tariff);
  });

  it('start a model without a tariff at ratio 1', () => {
    const { kind, fields } = fieldsOf(null);
    expect(tariffOf(kind, fields)).toEqual({
      kind: 'tokens',
      modelRatio: 1,
      completionRatio: 1,
      cacheRatio: 1,
      groupRatio: 1,
    });
  });

  it('refuse empty, negative or non-numeric inputs', () => {
    const { fields } = fieldsOf(null);
    expect(tariffOf('tokens', { ...fields, modelRatio: '' })).toBe(null);
    expect(tariffOf('tokens', { ...fields, cacheRatio: '-1' })).toBe(null);
    expect(tariffOf('per-call', { ...fields, modelPrice: 'abc' })).toBe(null);
    expect(tariffOf('per-call', { ...fields, modelPrice: '0.04' })).toEqual({
      kind: 'per-call',
      modelPrice: 0.04,
      groupRatio: 1,
    });
  });
});
