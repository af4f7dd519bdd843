import { GoogleGenAI } from '@google/genai';
import { describe, expect, it } from 'vitest';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import { canonicalToGeminiResponse } from './canonical-to-gemini-response.ts';
import {
  testEncodeContext,
  withLocalServer,
} from '../../../../test/doubles/formats/gemini-test-helpers.ts';

const answer: CanonicalResponse = {
  id: 'chatcmpl-up',
  model: 'gpt-x',
  created: 1,
  parts: [
    { type: 'reasoning', text: 'Need weather.' },
    { type: 'text', text: 'Checking.' },
    { type: 'tool-call', id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
  ],
  finishReason: 'tool_calls',
  usage: {
    inputTokens: 10,
    outputTokens: 30,
    totalTokens: 40,
    reasoningTokens: 20,
    cachedInputTokens: 4,
  },
};

describe('canonicalToGeminiResponse', () => {
  it('builds one candidate with the client-facing id and model', () => {
    const ctx = testEncodeContext({
      model: 'gemini-client-name',
      reasoning: { includeThoughts: true },
    });
    expect(canonicalToGeminiResponse(answer, ctx)).toEqual({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'Need weather.', thought: true },
              { text: 'Checking.' },
              { functionCall: { id: 'call_1', name: 'weather', args: { city: 'Paris' } } },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: 10,
        candidatesTokenCount: 10,
        thoughtsTokenCount: 20,
        totalTokenCount: 40,
        cachedContentTokenCount: 4,
      },
      modelVersion: 'gemini-client-name',
      responseId: 'resp-test-1',
    });
  });

  it('leaves thoughts out unless asked, and maps the finish reasons', () => {
    const ctx = testEncodeContext();
    const body = canonicalToGeminiResponse({ ...answer, finishReason: 'length' }, ctx);
    const candidate = (body.candidates as Record<string, unknown>[])[0];
    expect(candidate).toMatchObject({
      finishReason: 'MAX_TOKENS',
      content: { parts: [{ text: 'Checking.' }, { functionCall: { name: 'weather' } }] },
    });
    expect(ctx.rules).toEqual(['gemini.thoughts_omitted']);
    const filtered = canonicalToGeminiResponse(
      { ...answer, parts: [], finishReason: 'content_filter' },
      ctx,
    );
    expect((filtered.candidates as Record<string, unknown>[])[0]?.finishReason).toBe('SAFETY');
    const failed = canonicalToGeminiResponse({ ...answer, finishReason: 'error' }, ctx);
    expect((failed.candidates as Record<string, unknown>[])[0]?.finishReason).toBe('OTHER');
  });

  it('is read by @google/genai generateContent', async () => {
    const body = canonicalToGeminiResponse(
      answer,
      testEncodeContext({ reasoning: { includeThoughts: true } }),
    );
    await withLocalServer(
      () => ({ contentType: 'application/json', body: JSON.stringify(body) }),
      async (baseUrl) => {
        const ai = new GoogleGenAI({ apiKey: 'x', httpOptions: { baseUrl } });
        const response = await ai.models.generateContent({ model: 'gemini-test', contents: 'hi' });
        expect(response.functionCalls).toEqual([
          { id: 'call_1', name: 'weather', args: { city: 'Paris' } },
        ]);
        expect(response.candidates?.[0]?.finishReason).toBe('STOP');
        expect(response.usageMetadata?.thoughtsTokenCount).toBe(20);
        expect(response.responseId).toBe('resp-test-1');
        expect(response.modelVersion).toBe('gemini-test');
      },
    );
  });
});
