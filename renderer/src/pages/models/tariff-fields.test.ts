import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Params, Tariff } from '../../../../shared/contract.ts';
import { tariffSchema } from '../../../../shared/tariff.ts';
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

  it('build the tariff type the contract sends, which the main process then checks', () => {
    expectTypeOf(tariffOf).returns.toEqualTypeOf<Tariff | null>();
    expectTypeOf<NonNullable<ReturnType<typeof tariffOf>>>().toExtend<
      NonNullable<Params<'models.setOverride'>['override']['tariff']>
    >();
    expectTypeOf(fieldsOf).parameter(0).toEqualTypeOf<Tariff | null>();
  });

  it('accept a number exactly when the main process does', () => {
    const { fields } = fieldsOf(null);
    const inputs = ['0', '0.25', '1e3', '-1', '-0.5', 'Infinity', '-Infinity', 'NaN'];
    for (const kind of ['tokens', 'per-call'] as const) {
      const base = tariffOf(kind, fields)!;
      for (const key of Object.keys(base).filter((k) => k !== 'kind')) {
        for (const input of inputs) {
          const sent = tariffOf(kind, { ...fields, [key]: input });
          const checked = tariffSchema.safeParse({ ...base, [key]: Number(input) });
          expect(sent !== null, `${kind} ${key}=${input}`).toBe(checked.success);
          if (sent) expect(checked.data).toEqual(sent);
        }
      }
    }
  });
});
