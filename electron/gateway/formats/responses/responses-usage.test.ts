import { describe, expect, it } from 'vitest';
import { canonicalUsageToResponses, responsesUsageToCanonical } from './responses-usage.ts';

describe('responses usage', () => {
  it('reads usage with its details (issue-11239 totals)', () => {
    expect(
      responsesUsageToCanonical({
        input_tokens: 55,
        input_tokens_details: { cache_write_tokens: 0, cached_tokens: 0 },
        output_tokens: 25,
        output_tokens_details: { reasoning_tokens: 9 },
        total_tokens: 80,
      }),
    ).toEqual({
      inputTokens: 55,
      outputTokens: 25,
      totalTokens: 80,
      cachedInputTokens: 0,
      reasoningTokens: 9,
    });
  });

  it('recomputes a missing total and leaves missing details out', () => {
    expect(responsesUsageToCanonical({ input_tokens: 3, output_tokens: 4 })).toEqual({
      inputTokens: 3,
      outputTokens: 4,
      totalTokens: 7,
    });
    expect(responsesUsageToCanonical(null)).toBeUndefined();
  });

  it('writes every detail count, which the 7.55 types and the schema require', () => {
    expect(canonicalUsageToResponses({ inputTokens: 5, outputTokens: 2, totalTokens: 7 })).toEqual({
      input_tokens: 5,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      output_tokens: 2,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 7,
    });
  });

  it('writes the cache reads and writes an Anthropic upstream reported', () => {
    expect(
      canonicalUsageToResponses({
        inputTokens: 1210,
        outputTokens: 50,
        totalTokens: 1260,
        cachedInputTokens: 1000,
        cacheWriteInputTokens: 200,
      }).input_tokens_details,
    ).toEqual({ cached_tokens: 1000, cache_write_tokens: 200 });
  });
});
