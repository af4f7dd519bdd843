import { GoogleGenAI, Type } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { withGeminiSignature } from './gemini-state.ts';
import { geminiRequestToCanonical } from './gemini-request-to-canonical.ts';
import {
  gatewayErrorOf,
  testContext,
  withLocalServer,
} from '../../../../test/doubles/formats/gemini-test-helpers.ts';

const path = { model: 'gemini-x', stream: true };

describe('geminiRequestToCanonical', () => {
  it('decodes the example', () => {
    const ctx = testContext();
    const request = geminiRequestToCanonical(
      {
        systemInstruction: { parts: [{ text: 'Answer briefly.' }] },
        contents: [
          {
            role: 'user',
            parts: [
              { text: "What is in this picture, and what's the weather in Paris?" },
              { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo' } },
            ],
          },
          {
            role: 'model',
            parts: [
              {
                functionCall: { name: 'get_weather', args: { city: 'Paris' } },
                thoughtSignature: 'Eq0E',
              },
            ],
          },
          {
            role: 'user',
            parts: [{ functionResponse: { name: 'get_weather', response: { temp_c: 18 } } }],
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
        toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
        generationConfig: {
          temperature: 0.2,
          maxOutputTokens: 512,
          candidateCount: 1,
          responseMimeType: 'application/json',
          responseJsonSchema: { type: 'object' },
          thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
        },
        safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' }],
      },
      ctx,
      path,
    );
    const callId =
      request.messages[1]?.parts[0]?.type === 'tool-call' ? request.messages[1].parts[0].id : '';
    expect(request).toEqual({
      model: 'gemini-x',
      system: 'Answer briefly.',
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'text', text: "What is in this picture, and what's the weather in Paris?" },
            { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'iVBORw0KGgo' } },
          ],
        },
        {
          role: 'assistant',
          parts: [
            withGeminiSignature(
              { type: 'tool-call', id: callId, name: 'get_weather', arguments: '{"city":"Paris"}' },
              'Eq0E',
            ),
          ],
        },
        {
          role: 'tool',
          parts: [{ type: 'tool-result', callId, name: 'get_weather', content: '{"temp_c":18}' }],
        },
      ],
      tools: [
        {
          name: 'get_weather',
          description: 'Current weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ],
      toolChoice: { type: 'auto' },
      sampling: { temperature: 0.2, maxOutputTokens: 512 },
      responseFormat: { type: 'json-schema', schema: { type: 'object' } },
      reasoning: { budgetTokens: 1024, includeThoughts: true },
      stream: true,
    });
    expect(ctx.rules).toEqual(['gemini.safety_settings_dropped']);
  });

  it('accepts snake_case request names', () => {
    const request = geminiRequestToCanonical(
      {
        system_instruction: { parts: [{ text: 'a' }, { text: 'b' }] },
        contents: [
          { role: 'user', parts: [{ inline_data: { mime_type: 'image/jpeg', data: 'AA' } }] },
        ],
        generation_config: { max_output_tokens: 7, thinking_config: { thinking_level: 'LOW' } },
        tool_config: { function_calling_config: { mode: 'ANY', allowed_function_names: ['f'] } },
        tools: [{ function_declarations: [{ name: 'f' }] }],
      },
      testContext(),
      { model: 'm', stream: false },
    );
    expect(request).toMatchObject({
      model: 'm',
      stream: false,
      system: 'a\n\nb',
      sampling: { maxOutputTokens: 7 },
      reasoning: { effort: 'low' },
      toolChoice: { type: 'tool', name: 'f' },
      tools: [{ name: 'f' }],
      messages: [{ role: 'user', parts: [{ type: 'image' }] }],
    });
  });

  it('refuses cachedContent and unknown fields, drops labels under a rule', () => {
    expect(
      gatewayErrorOf(() =>
        geminiRequestToCanonical(
          { contents: [], cachedContent: 'cachedContents/1' },
          testContext(),
          path,
        ),
      ).param,
    ).toBe('cachedContent');
    expect(
      gatewayErrorOf(() => geminiRequestToCanonical({ contents: [], nope: 1 }, testContext(), path))
        .param,
    ).toBe('nope');
    expect(
      gatewayErrorOf(() =>
        geminiRequestToCanonical(
          { contents: [], systemInstruction: { parts: [{ inlineData: {} }] } },
          testContext(),
          path,
        ),
      ).param,
    ).toBe('systemInstruction.parts.0.inlineData');
    const ctx = testContext();
    geminiRequestToCanonical({ contents: [], labels: { team: 'a' } }, ctx, path);
    expect(ctx.rules).toEqual(['gemini.labels_dropped']);
  });

  it('decodes what @google/genai 3.1.0 actually sends', async () => {
    const seen = await withLocalServer(
      () => ({
        contentType: 'application/json',
        body: JSON.stringify({
          candidates: [
            { content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP', index: 0 },
          ],
        }),
      }),
      async (baseUrl) => {
        const ai = new GoogleGenAI({ apiKey: 'x', httpOptions: { baseUrl } });
        await ai.models.generateContent({
          model: 'gemini-x',
          contents: [
            { role: 'user', parts: [{ text: 'hi' }] },
            { role: 'model', parts: [{ functionCall: { name: 'lookup', args: { q: 'a' } } }] },
            {
              role: 'user',
              parts: [{ functionResponse: { name: 'lookup', response: { output: 'found' } } }],
            },
          ],
          config: {
            systemInstruction: 'Be brief.',
            temperature: 0.5,
            tools: [
              {
                functionDeclarations: [
                  {
                    name: 'lookup',
                    parameters: {
                      type: Type.OBJECT,
                      properties: { q: { type: Type.STRING, nullable: true } },
                      required: ['q'],
                    },
                  },
                ],
              },
            ],
            thinkingConfig: { includeThoughts: true },
          },
        });
      },
    );
    expect(seen[0]?.url).toBe('/v1/models/gemini-x:generateContent');
    const ctx = testContext();
    const request = geminiRequestToCanonical(
      JSON.parse(seen[0]?.body ?? '{}') as Record<string, unknown>,
      ctx,
      { model: 'gemini-x', stream: false },
    );
    expect(request.system).toBe('Be brief.');
    expect(request.sampling).toEqual({ temperature: 0.5 });
    expect(request.reasoning).toEqual({ includeThoughts: true });
    expect(request.tools).toEqual([
      {
        name: 'lookup',
        parameters: {
          type: 'object',
          properties: { q: { type: ['string', 'null'] } },
          required: ['q'],
        },
      },
    ]);
    expect(request.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(request.messages[2]?.parts[0]).toMatchObject({ type: 'tool-result', content: 'found' });
    expect(ctx.rules).toEqual(['gemini.schema_openapi_to_json_schema']);
  });
});
