import { describe, expect, it } from 'vitest';
import { estimateCost } from './estimate-cost.ts';
import { parsePricing } from './parse-pricing.ts';

const doc = {
  success: true,
  data: [
    {
      model_name: 'gpt-4o-mini',
      quota_type: 0,
      model_ratio: 0.075,
      completion_ratio: 4,
      cache_ratio: 0.5,
      model_price: 0,
    },
    { model_name: 'per-call', quota_type: 1, model_ratio: 0, model_price: 0.02 },
    { model_name: 'no-price', quota_type: 0 },
    { quota_type: 0, model_ratio: 1 },
  ],
  group_ratio: { default: 1, vip: 0.8 },
};

describe('parsePricing', () => {
  it('reads token and per-call tariffs with the group ratio, skipping entries without a price', () => {
    const tariffs = parsePricing(doc, 'vip');
    expect(tariffs.get('gpt-4o-mini')).toEqual({
      kind: 'tokens',
      modelRatio: 0.075,
      completionRatio: 4,
      cacheRatio: 0.5,
      groupRatio: 0.8,
    });
    expect(tariffs.get('per-call')).toEqual({
      kind: 'per-call',
      modelPrice: 0.02,
      groupRatio: 0.8,
    });
    expect([...tariffs.keys()]).toEqual(['gpt-4o-mini', 'per-call']);
  });

  it('leaves out a negative price, which no tariff the app stores can hold', () => {
    const tariffs = parsePricing({
      data: [
        { model_name: 'refund', quota_type: 1, model_price: -1 },
        { model_name: 'odd', quota_type: 0, model_ratio: 1, completion_ratio: -2 },
        { model_name: 'fine', quota_type: 0, model_ratio: 1 },
      ],
    });
    expect([...tariffs.keys()]).toEqual(['fine']);
  });

  it('defaults an unknown group to ratio 1 and tolerates a missing document', () => {
    expect(parsePricing(doc, 'nope').get('gpt-4o-mini')?.groupRatio).toBe(1);
    expect(parsePricing(undefined).size).toBe(0);
    expect(parsePricing({ data: 'x' }).size).toBe(0);
  });
});

describe('estimateCost', () => {
  it('follows the relay formula for token tariffs, cached input at the cache ratio', () => {
    const tariff = {
      kind: 'tokens' as const,
      modelRatio: 0.075,
      completionRatio: 4,
      cacheRatio: 0.5,
      groupRatio: 1,
    };
    // 1,000,000 input of which 200,000 cached, 100,000 output, by hand:
    // (800,000 + 200,000 × 0.5 + 100,000 × 4) × 0.075 × $2 / 1e6 = 1,300,000 × 1.5e-7 = $0.195
    expect(
      estimateCost(
        { inputTokens: 1_000_000, cachedInputTokens: 200_000, outputTokens: 100_000 },
        tariff,
      ),
    ).toBeCloseTo(0.195, 10);
  });

  it('bills per call regardless of tokens, times the group ratio', () => {
    expect(
      estimateCost(
        { inputTokens: 5, cachedInputTokens: 0, outputTokens: 5 },
        { kind: 'per-call', modelPrice: 0.02, groupRatio: 0.8 },
      ),
    ).toBeCloseTo(0.016, 12);
  });
});
