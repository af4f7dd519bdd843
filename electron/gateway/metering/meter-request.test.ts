import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../server/request-record.ts';
import { meterRequest } from './meter-request.ts';

const record = () =>
  ({ usage: null, usageEstimated: false, costUsd: null, tariff: null }) as unknown as RequestRecord;
const tariff = {
  kind: 'tokens' as const,
  modelRatio: 1,
  completionRatio: 2,
  cacheRatio: 0.5,
  groupRatio: 1,
};

describe('meterRequest', () => {
  it('records the upstream’s usage and its cost', () => {
    const r = record();
    meterRequest(r, {
      usage: { inputTokens: 100, outputTokens: 10, totalTokens: 110, cachedInputTokens: 40 },
      requestChars: 0,
      outputChars: 0,
      tariff,
    });
    expect(r.usage).toEqual({
      inputTokens: 100,
      outputTokens: 10,
      totalTokens: 110,
      cachedInputTokens: 40,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
    });
    expect(r.usageEstimated).toBe(false);
    // (60 + 40 × 0.5 + 10 × 2) × $2/1e6 = 100 × 2e-6
    expect(r.costUsd).toBeCloseTo(0.0002, 12);
  });

  it('estimates and flags tokens when the upstream sent none', () => {
    const r = record();
    meterRequest(r, { usage: undefined, requestChars: 401, outputChars: 9, tariff: null });
    expect(r.usage).toMatchObject({ inputTokens: 101, outputTokens: 3, totalTokens: 104 });
    expect(r.usageEstimated).toBe(true);
    expect(r.costUsd).toBeNull();
  });
});
