import { describe, expect, it } from 'vitest';
import {
  anthropicUsageToCanonical,
  canonicalUsageToAnthropic,
  canonicalUsageToAnthropicCounts,
  readAnthropicUsage,
  type AnthropicCounts,
} from './anthropic-usage.ts';

describe('Anthropic usage', () => {
  it('adds cache reads and writes to input, as the canonical (OpenAI) convention counts them', () => {
    expect(
      anthropicUsageToCanonical({
        input_tokens: 10,
        cache_read_input_tokens: 1000,
        cache_creation_input_tokens: 200,
        output_tokens: 50,
        output_tokens_details: { thinking_tokens: 30 },
      }),
    ).toEqual({
      inputTokens: 1210,
      outputTokens: 50,
      totalTokens: 1260,
      cachedInputTokens: 1000,
      cacheWriteInputTokens: 200,
      reasoningTokens: 30,
    });
  });

  it('takes them back out for an Anthropic client', () => {
    expect(
      canonicalUsageToAnthropicCounts({
        inputTokens: 1210,
        outputTokens: 50,
        totalTokens: 1260,
        cachedInputTokens: 1000,
        cacheWriteInputTokens: 200,
        reasoningTokens: 30,
      }),
    ).toEqual({
      input_tokens: 10,
      cache_creation_input_tokens: 200,
      cache_read_input_tokens: 1000,
      output_tokens: 50,
      output_tokens_details: { thinking_tokens: 30 },
    });
  });

  it('reads OpenAI-style usage (cached inside input) without going negative', () => {
    expect(
      canonicalUsageToAnthropicCounts({
        inputTokens: 5,
        outputTokens: 1,
        totalTokens: 6,
        cachedInputTokens: 9,
      }).input_tokens,
    ).toBe(0);
  });

  it('lets later stream usage replace earlier counts, field by field', () => {
    const counts: AnthropicCounts = {};
    readAnthropicUsage({ input_tokens: 43, output_tokens: 1 }, counts);
    readAnthropicUsage({ input_tokens: 61, output_tokens: 2 }, counts);
    readAnthropicUsage({ output_tokens: 3, input_tokens: null }, counts);
    expect(counts).toEqual({ input: 61, output: 3 });
    expect(readAnthropicUsage({}, counts)).toBe(false);
  });

  it('writes the whole Usage object, nulls where nothing is known', () => {
    expect(canonicalUsageToAnthropic(undefined)).toEqual({
      input_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 0,
      output_tokens_details: null,
      cache_creation: null,
      inference_geo: null,
      server_tool_use: null,
      service_tier: null,
      speed: null,
    });
  });
});
