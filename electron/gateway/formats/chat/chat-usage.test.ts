import { describe, expect, it } from 'vitest';
import { canonicalUsageToChat, chatUsageToCanonical } from './chat-usage.ts';
import { testContext } from '../../../../test/doubles/formats/chat-test-context.ts';

describe('chatUsageToCanonical', () => {
  it('maps OpenAI usage with cached and reasoning details', () => {
    const ctx = testContext();
    const usage = chatUsageToCanonical(
      {
        prompt_tokens: 15,
        completion_tokens: 78,
        total_tokens: 93,
        prompt_tokens_details: { cached_tokens: 4, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 64 },
      },
      ctx,
    );
    expect(usage).toEqual({
      inputTokens: 15,
      outputTokens: 78,
      totalTokens: 93,
      cachedInputTokens: 4,
      reasoningTokens: 64,
    });
    expect(ctx.rules).toEqual([]);
  });

  it('adds reasoning back when the vendor left it out of completion_tokens (xAI)', () => {
    const ctx = testContext();
    const usage = chatUsageToCanonical(
      {
        prompt_tokens: 307,
        completion_tokens: 26,
        total_tokens: 560,
        prompt_tokens_details: { cached_tokens: 306 },
        completion_tokens_details: { reasoning_tokens: 227 },
      },
      ctx,
    );
    expect(usage).toMatchObject({ inputTokens: 307, outputTokens: 253, totalTokens: 560 });
    expect(ctx.rules).toEqual(['chat.usage_reasoning_added_to_output']);
  });

  it('recomputes a missing total and leaves absent details absent (Mistral)', () => {
    expect(chatUsageToCanonical({ prompt_tokens: 5, completion_tokens: 2 })).toEqual({
      inputTokens: 5,
      outputTokens: 2,
      totalTokens: 7,
    });
  });

  it('returns undefined for null usage', () => {
    expect(chatUsageToCanonical(null)).toBeUndefined();
  });
});

describe('canonicalUsageToChat', () => {
  it('writes the SDK usage shape with details', () => {
    expect(
      canonicalUsageToChat({
        inputTokens: 10,
        outputTokens: 7,
        totalTokens: 17,
        cachedInputTokens: 3,
        reasoningTokens: 5,
      }),
    ).toEqual({
      prompt_tokens: 10,
      completion_tokens: 7,
      total_tokens: 17,
      prompt_tokens_details: { cached_tokens: 3 },
      completion_tokens_details: { reasoning_tokens: 5 },
    });
    expect(canonicalUsageToChat({ inputTokens: 1, outputTokens: 1, totalTokens: 2 })).toMatchObject(
      {
        prompt_tokens_details: { cached_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0 },
      },
    );
  });
});
