import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { isTariff, tariffSchema, type Tariff } from './tariff.ts';

const tokens = {
  kind: 'tokens',
  modelRatio: 1,
  completionRatio: 4,
  cacheRatio: 0.5,
  groupRatio: 1,
} as const;
const perCall = { kind: 'per-call', modelPrice: 0.02, groupRatio: 1 } as const;

/** The issues of a refused tariff as `path: message`, or null when it is accepted. */
const problem = (value: unknown): string[] | null => {
  const result = tariffSchema.safeParse(value);
  return result.success
    ? null
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('isTariff', () => {
  it('accepts both tariff kinds', () => {
    expect(isTariff(tokens)).toBe(true);
    expect(isTariff(perCall)).toBe(true);
    expect(isTariff({ ...tokens, modelRatio: 0 })).toBe(true);
  });

  it('refuses missing or non-numeric fields and unknown kinds', () => {
    expect(isTariff({ kind: 'tokens', modelRatio: 1, completionRatio: 4, groupRatio: 1 })).toBe(
      false,
    );
    expect(isTariff({ kind: 'per-call', modelPrice: '0.02', groupRatio: 1 })).toBe(false);
    expect(isTariff({ kind: 'per-call', modelPrice: Number.NaN, groupRatio: 1 })).toBe(false);
    expect(isTariff({ kind: 'free' })).toBe(false);
    expect(isTariff(null)).toBe(false);
    expect(isTariff('tokens')).toBe(false);
  });

  it('refuses negative or infinite prices and fields of the other kind', () => {
    expect(isTariff({ ...tokens, cacheRatio: -0.5 })).toBe(false);
    expect(isTariff({ ...perCall, modelPrice: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isTariff({ ...perCall, modelRatio: 1 })).toBe(false);
  });
});

describe('tariffSchema', () => {
  it('names the field that is wrong', () => {
    expect(problem({ ...tokens, modelRatio: -1 })).toEqual(['modelRatio: must be 0 or more']);
    expect(problem({ ...perCall, groupRatio: '1' })).toEqual([
      'groupRatio: Invalid input: expected number, received string',
    ]);
    expect(problem({ ...perCall, kind: 'per-token' })?.[0]).toMatch(/^kind: /);
  });

  it('is the Tariff type, on input and output alike', () => {
    expectTypeOf<z.input<typeof tariffSchema>>().toEqualTypeOf<Tariff>();
    expectTypeOf<z.output<typeof tariffSchema>>().toEqualTypeOf<Tariff>();
    expectTypeOf<Tariff>().toEqualTypeOf<
      | {
          kind: 'tokens';
          modelRatio: number;
          completionRatio: number;
          cacheRatio: number;
          groupRatio: number;
        }
      | { kind: 'per-call'; modelPrice: number; groupRatio: number }
    >();
  });
});
