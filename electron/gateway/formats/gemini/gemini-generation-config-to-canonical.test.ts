import { describe, expect, it } from 'vitest';
import { geminiGenerationConfigToCanonical } from './gemini-generation-config-to-canonical.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/gemini-test-helpers.ts';

describe('geminiGenerationConfigToCanonical', () => {
  it('carries sampling fields', () => {
    const ctx = testContext();
    const out = geminiGenerationConfigToCanonical(
      {
        temperature: 0.2,
        topP: 0.9,
        topK: 40,
        maxOutputTokens: 512,
        stopSequences: ['\n\n'],
        candidateCount: 1,
        seed: 42,
        presencePenalty: 0.1,
        frequencyPenalty: 0.3,
      },
      ctx,
    );
    expect(out).toEqual({
      sampling: {
        temperature: 0.2,
        topP: 0.9,
        topK: 40,
        maxOutputTokens: 512,
        stop: ['\n\n'],
        seed: 42,
        presencePenalty: 0.1,
        frequencyPenalty: 0.3,
      },
    });
    expect(ctx.rules).toEqual([]);
  });

  it('reads snake_case names', () => {
    const out = geminiGenerationConfigToCanonical(
      {
        max_output_tokens: 9,
        stop_sequences: ['x'],
        thinking_config: { thinking_budget: 128, include_thoughts: true },
      },
      testContext(),
    );
    expect(out.sampling).toEqual({ maxOutputTokens: 9, stop: ['x'] });
    expect(out.reasoning).toEqual({ budgetTokens: 128, includeThoughts: true });
  });

  it('maps responseMimeType and schemas to a response format', () => {
    const json = geminiGenerationConfigToCanonical(
      { responseMimeType: 'application/json' },
      testContext(),
    );
    expect(json.responseFormat).toEqual({ type: 'json' });
    const text = geminiGenerationConfigToCanonical(
      { responseMimeType: 'text/plain' },
      testContext(),
    );
    expect(text.responseFormat).toEqual({ type: 'text' });

    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const verbatim = geminiGenerationConfigToCanonical(
      { responseMimeType: 'application/json', responseJsonSchema: schema },
      testContext(),
    );
    expect(verbatim.responseFormat).toEqual({ type: 'json-schema', schema });

    const ctx = testContext();
    const converted = geminiGenerationConfigToCanonical(
      {
        responseMimeType: 'application/json',
        responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING', nullable: true } } },
      },
      ctx,
    );
    expect(converted.responseFormat).toEqual({
      type: 'json-schema',
      schema: { type: 'object', properties: { a: { type: ['string', 'null'] } } },
    });
    expect(ctx.rules).toEqual(['gemini.schema_openapi_to_json_schema']);
  });

  it('refuses other mime types and a schema without the JSON mime type', () => {
    expect(
      gatewayErrorOf(() =>
        geminiGenerationConfigToCanonical({ responseMimeType: 'text/x.enum' }, testContext()),
      ).param,
    ).toBe('generationConfig.responseMimeType');
    expect(
      gatewayErrorOf(() =>
        geminiGenerationConfigToCanonical(
          { responseJsonSchema: { type: 'object' } },
          testContext(),
        ),
      ).param,
    ).toBe('generationConfig.responseJsonSchema');
  });

  it('maps thinkingLevel to a lower-case effort', () => {
    const out = geminiGenerationConfigToCanonical(
      { thinkingConfig: { thinkingLevel: 'MINIMAL' } },
      testContext(),
    );
    expect(out.reasoning).toEqual({ effort: 'minimal' });
    expect(
      gatewayErrorOf(() =>
        geminiGenerationConfigToCanonical(
          { thinkingConfig: { thinkingLevel: 'MAX' } },
          testContext(),
        ),
      ).param,
    ).toBe('generationConfig.thinkingConfig.thinkingLevel');
  });

  it('refuses more than one candidate, non-text output and log probabilities', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ candidateCount: 2 }, 'generationConfig.candidateCount'],
      [{ responseModalities: ['TEXT', 'IMAGE'] }, 'generationConfig.responseModalities'],
      [{ speechConfig: { voiceConfig: {} } }, 'generationConfig.speechConfig'],
      [{ responseLogprobs: true }, 'generationConfig.responseLogprobs'],
      [{ logprobs: 3 }, 'generationConfig.logprobs'],
      [{ somethingNew: 1 }, 'generationConfig.somethingNew'],
    ];
    for (const [config, param] of cases) {
      const error = gatewayErrorOf(() => geminiGenerationConfigToCanonical(config, testContext()));
      expect(error.status).toBe(400);
      expect(error.param).toBe(param);
    }
  });

  it('lets the no-op values of output options through', () => {
    const out = geminiGenerationConfigToCanonical(
      { responseModalities: ['TEXT'], responseLogprobs: false },
      testContext(),
    );
    expect(out).toEqual({ sampling: {} });
  });

  it('drops mediaResolution under its rule', () => {
    const ctx = testContext();
    geminiGenerationConfigToCanonical({ mediaResolution: 'MEDIA_RESOLUTION_LOW' }, ctx);
    expect(ctx.rules).toEqual(['gemini.media_resolution_dropped']);
  });
});
