import { describe, expect, it } from 'vitest';
import { recordedChunks, recordedFile } from '../../../../test/recorded-fixtures.ts';
import { canonicalUsageToGemini, geminiUsageToCanonical } from './gemini-usage.ts';

describe('geminiUsageToCanonical', () => {
  it('adds thoughts to output and counts cached and tool-use prompt tokens (raw live record)', () => {
    const [record] = recordedChunks('gemini', 'google-usage-raw-live.chunks.txt');
    const usage = geminiUsageToCanonical(
      (JSON.parse(record ?? '{}') as { usageMetadata: unknown }).usageMetadata,
    );
    // 12 prompt + 65 tool-use prompt in; 71 candidates + 89 thoughts out; 237 total as sent.
    expect(usage).toEqual({
      inputTokens: 77,
      outputTokens: 160,
      totalTokens: 237,
      cachedInputTokens: 4,
      reasoningTokens: 89,
    });
  });

  it('reads the tool-use usage body', () => {
    const body = JSON.parse(recordedFile('gemini', 'google-tool-use-usage.json')) as {
      usageMetadata: unknown;
    };
    expect(geminiUsageToCanonical(body.usageMetadata)).toEqual({
      inputTokens: 144,
      outputTokens: 107,
      totalTokens: 251,
      reasoningTokens: 56,
    });
  });

  it('recomputes a missing total and ignores count-less Vertex records', () => {
    expect(geminiUsageToCanonical({ promptTokenCount: 5, candidatesTokenCount: 2 })).toEqual({
      inputTokens: 5,
      outputTokens: 2,
      totalTokens: 7,
    });
    expect(geminiUsageToCanonical({ trafficType: 'ON_DEMAND' })).toBeUndefined();
    expect(geminiUsageToCanonical(undefined)).toBeUndefined();
  });
});

describe('canonicalUsageToGemini', () => {
  it('takes reasoning out of the candidate count', () => {
    expect(
      canonicalUsageToGemini({
        inputTokens: 9,
        outputTokens: 208,
        totalTokens: 217,
        reasoningTokens: 185,
        cachedInputTokens: 4,
      }),
    ).toEqual({
      promptTokenCount: 9,
      candidatesTokenCount: 23,
      thoughtsTokenCount: 185,
      totalTokenCount: 217,
      cachedContentTokenCount: 4,
    });
    expect(canonicalUsageToGemini({ inputTokens: 1, outputTokens: 2, totalTokens: 3 })).toEqual({
      promptTokenCount: 1,
      candidatesTokenCount: 2,
      totalTokenCount: 3,
    });
  });
});
