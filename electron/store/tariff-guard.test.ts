import { describe, expect, it } from 'vitest';
import { isTariff } from './tariff-guard.ts';

describe('isTariff', () => {
  it('accepts both tariff kinds', () => {
    expect(
      isTariff({
        kind: 'tokens',
        modelRatio: 1,
        completionRatio: 4,
        cacheRatio: 0.5,
        groupRatio: 1,
      }),
    ).toBe(true);
    expect(isTariff({ kind: 'per-call', modelPrice: 0.02, groupRatio: 1 })).toBe(true);
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
});
