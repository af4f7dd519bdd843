import { describe, expect, it } from 'vitest';
import { canonicalUsageToOllama, ollamaUsageToCanonical } from './ollama-usage.ts';

describe('Ollama counts', () => {
  it('reads prompt_eval_count and eval_count, or nothing from a record without them', () => {
    expect(ollamaUsageToCanonical({ prompt_eval_count: 26, eval_count: 298 })).toEqual({
      inputTokens: 26,
      outputTokens: 298,
      totalTokens: 324,
    });
    // Ollama leaves a count out when it is 0 (a prompt all in its cache).
    expect(ollamaUsageToCanonical({ eval_count: 5 })).toEqual({
      inputTokens: 0,
      outputTokens: 5,
      totalTokens: 5,
    });
    expect(ollamaUsageToCanonical({ done: false })).toBeUndefined();
    expect(ollamaUsageToCanonical('x')).toBeUndefined();
  });

  it('writes the whole input and the output, thinking included', () => {
    expect(
      canonicalUsageToOllama({
        inputTokens: 100,
        outputTokens: 40,
        totalTokens: 140,
        cachedInputTokens: 60,
        reasoningTokens: 10,
      }),
    ).toEqual({ prompt_eval_count: 100, eval_count: 40 });
    expect(canonicalUsageToOllama(undefined)).toEqual({ prompt_eval_count: 0, eval_count: 0 });
  });
});
