import { describe, expect, it } from 'vitest';
import type { Tariff } from '../metering/tariff.ts';
import { DEFAULT_RESERVED_OUTPUT_TOKENS, worstCharge } from './worst-charge.ts';

const tokens = (modelRatio: number): Tariff => ({
  kind: 'tokens',
  modelRatio,
  completionRatio: 4,
  cacheRatio: 0.5,
  groupRatio: 1,
});

describe('worstCharge', () => {
  it('counts the input from the body and the output at its cap', () => {
    expect(worstCharge(4000, 500, [null]).tokens).toBe(1000 + 500);
    expect(worstCharge(4, undefined, []).tokens).toBe(1 + DEFAULT_RESERVED_OUTPUT_TOKENS);
  });

  it('prices with the dearest tariff a route may be answered under', () => {
    // ratio 1 = $2 per million input tokens; output × completion ratio 4.
    const charge = worstCharge(4_000_000, 1_000_000, [tokens(0.5), tokens(1), null]);
    expect(charge.usd).toBeCloseTo(2 + 8, 6);
  });

  it('a per-call tariff costs its price', () => {
    const perCall: Tariff = { kind: 'per-call', modelPrice: 0.02, groupRatio: 1.5 };
    expect(worstCharge(100, 10, [perCall]).usd).toBeCloseTo(0.03, 9);
  });

  it('costs nothing where no tariff is known', () => {
    expect(worstCharge(100, 10, [null]).usd).toBe(0);
  });
});
