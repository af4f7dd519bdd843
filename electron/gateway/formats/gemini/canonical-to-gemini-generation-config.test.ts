import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import { canonicalToGeminiGenerationConfig } from './canonical-to-gemini-generation-config.ts';
import { testContext } from '../../../../test/doubles/formats/gemini-test-helpers.ts';

const request = (extra: Partial<CanonicalRequest>): CanonicalRequest => ({
  model: 'm',
  messages: [],
  sampling: {},
  stream: false,
  ...extra,
});

describe('canonicalToGeminiGenerationConfig', () => {
  it('maps sampling', () => {
    expect(
      canonicalToGeminiGenerationConfig(
        request({
          sampling: {
            temperature: 0.2,
            topP: 1,
            topK: 3,
            maxOutputTokens: 100,
            stop: ['x'],
            seed: 7,
            presencePenalty: 0.5,
            frequencyPenalty: 0.25,
          },
        }),
        testContext(),
      ),
    ).toEqual({
      temperature: 0.2,
      topP: 1,
      topK: 3,
      maxOutputTokens: 100,
      stopSequences: ['x'],
      seed: 7,
      presencePenalty: 0.5,
      frequencyPenalty: 0.25,
    });
    expect(canonicalToGeminiGenerationConfig(request({}), testContext())).toBeUndefined();
  });

  it('maps response formats', () => {
    expect(
      canonicalToGeminiGenerationConfig(
        request({ responseFormat: { type: 'json' } }),
        testContext(),
      ),
    ).toEqual({
      responseMimeType: 'application/json',
    });
    expect(
      canonicalToGeminiGenerationConfig(
        request({ responseFormat: { type: 'text' } }),
        testContext(),
      ),
    ).toBeUndefined();
    const ctx = testContext();
    const schema = { type: 'object' };
    expect(
      canonicalToGeminiGenerationConfig(
        request({ responseFormat: { type: 'json-schema', schema, name: 'answer', strict: true } }),
        ctx,
      ),
    ).toEqual({ responseMimeType: 'application/json', responseJsonSchema: schema });
    expect(ctx.rules).toEqual(['gemini.response_schema_name_dropped']);
  });

  it('maps effort to a thinking budget by the documented table', () => {
    const table = {
      none: 0,
      minimal: 512,
      low: 1024,
      medium: 8192,
      high: 24576,
      xhigh: 32768,
      max: 32768,
    } as const;
    for (const [effort, budget] of Object.entries(table)) {
      const ctx = testContext();
      expect(
        canonicalToGeminiGenerationConfig(
          request({ reasoning: { effort: effort as keyof typeof table, includeThoughts: true } }),
          ctx,
        ),
      ).toEqual({ thinkingConfig: { thinkingBudget: budget, includeThoughts: true } });
      expect(ctx.rules).toEqual(['gemini.reasoning_effort_to_budget']);
    }
  });

  it('sends a budget as it is', () => {
    const ctx = testContext();
    expect(
      canonicalToGeminiGenerationConfig(request({ reasoning: { budgetTokens: -1 } }), ctx),
    ).toEqual({
      thinkingConfig: { thinkingBudget: -1 },
    });
    expect(ctx.rules).toEqual([]);
  });
});
