import { describe, expect, it } from 'vitest';
import { canonicalToGeminiRequest } from './canonical-to-gemini-request.ts';
import { geminiRequestToCanonical } from './gemini-request-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/gemini-test-helpers.ts';

describe('canonicalToGeminiRequest', () => {
  it('assembles a body with the system instruction, tools and config at the top level', () => {
    const ctx = testContext();
    const body = canonicalToGeminiRequest(
      {
        model: 'gemini-x',
        system: 'Be brief.',
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
        tools: [{ name: 'f', parameters: { type: 'object' } }],
        toolChoice: { type: 'required' },
        parallelToolCalls: false,
        sampling: { temperature: 0 },
        stream: true,
      },
      ctx,
    );
    expect(body).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      tools: [{ functionDeclarations: [{ name: 'f', parametersJsonSchema: { type: 'object' } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      generationConfig: { temperature: 0 },
    });
    expect(body).not.toHaveProperty('model');
    expect(body).not.toHaveProperty('stream');
    expect(ctx.rules).toEqual(['gemini.parallel_tool_calls_dropped']);
  });

  it('round-trips a native body through the canonical form', () => {
    const native = {
      systemInstruction: { parts: [{ text: 'Answer briefly.' }] },
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'Look:' },
            { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo' } },
          ],
        },
        {
          role: 'model',
          parts: [
            { text: 'thinking', thought: true, thoughtSignature: 'c2lnMQ==' },
            { text: 'Let me check.', thoughtSignature: 'c2lnMg==' },
            {
              functionCall: { name: 'get_weather', args: { city: 'Paris' } },
              thoughtSignature: 'c2lnMw==',
            },
            { functionCall: { name: 'get_weather', args: { city: 'Lyon' } } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'get_weather', response: { temp_c: 18 } } },
            { functionResponse: { name: 'get_weather', response: { output: 'rain' } } },
          ],
        },
      ],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              description: 'Current weather',
              parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } } },
            },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
      generationConfig: {
        temperature: 0.2,
        topP: 0.95,
        topK: 40,
        maxOutputTokens: 512,
        stopSequences: ['\n\n'],
        seed: 42,
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object' },
        thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
      },
    };
    const ctx = testContext();
    const canonical = geminiRequestToCanonical(structuredClone(native), ctx, {
      model: 'g',
      stream: false,
    });
    expect(canonicalToGeminiRequest(canonical, ctx)).toEqual(native);
    expect(ctx.rules).toEqual([]);
  });
});
