import { FunctionCallingConfigMode, GoogleGenAI, Type } from '@google/genai';
import type { Content, Part } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSUFFICIENT_BALANCE_MESSAGE, SIM_KEYS, SKIP_SIGNATURE, startSimulator } from './index.ts';
import type { RunningSimulator } from './index.ts';
import { PNG_BASE64, post, sseJson, userContents } from './test-helpers.ts';

let sim: RunningSimulator;
let ai: GoogleGenAI;
beforeAll(async () => {
  sim = await startSimulator();
  // The SDK sends x-goog-api-key itself; the upstream only reads the Bearer header.
  ai = new GoogleGenAI({
    apiKey: 'unused',
    httpOptions: {
      baseUrl: sim.url,
      apiVersion: 'v1beta',
      headers: { Authorization: `Bearer ${SIM_KEYS.full}` },
    },
  });
});
afterAll(() => sim.close());

const native = (model: string, action = 'generateContent'): string =>
  `${sim.url}/v1beta/models/${model}:${action}`;

const weatherDecl = {
  name: 'get_weather',
  parameters: {
    type: Type.OBJECT,
    properties: { city: { type: Type.STRING }, days: { type: Type.INTEGER } },
    required: ['city', 'days'],
  },
};

describe('native generateContent: text', () => {
  it('answers through the SDK, streamed and not, with the same text', async () => {
    const res = await ai.models.generateContent({ model: 'sim-all', contents: 'Hello Gemini' });
    expect(res.text).toBe(
      'Simulated reply to: "Hello Gemini". This answer comes from the upstream simulator and is deterministic.',
    );
    expect(res.candidates?.[0]?.finishReason).toBe('STOP');
    expect(res.modelVersion).toBe('sim-all');
    expect(res.responseId).toBeTruthy();
    const u = res.usageMetadata;
    expect(u?.totalTokenCount).toBe((u?.promptTokenCount ?? 0) + (u?.candidatesTokenCount ?? 0));

    let streamed = '';
    let chunks = 0;
    let last: typeof u;
    for await (const chunk of await ai.models.generateContentStream({
      model: 'sim-all',
      contents: 'Hello Gemini',
    })) {
      streamed += chunk.text ?? '';
      chunks += 1;
      last = chunk.usageMetadata;
    }
    expect(chunks).toBeGreaterThan(5);
    expect(streamed).toBe(res.text);
    expect(last).toEqual(u);
  });

  it('streams whole responses with running usage totals and no [DONE]', async () => {
    const raw = await post(`${native('sim-gemini', 'streamGenerateContent')}?alt=sse`, {
      contents: userContents('count'),
    });
    expect(raw.headers.get('content-type')).toBe('text/event-stream');
    const text = await raw.text();
    expect(text).not.toContain('[DONE]');
    expect(text).not.toContain('event:');
    const chunks = sseJson(text) as {
      candidates: { finishReason?: string }[];
      usageMetadata: Record<string, number>;
    }[];
    const counts = chunks.map((c) => c.usageMetadata.candidatesTokenCount);
    expect(counts).toEqual(counts.map((_, i) => i + 1));
    for (const c of chunks) {
      const m = c.usageMetadata;
      expect(m.thoughtsTokenCount).toBeGreaterThan(0);
      expect(m.totalTokenCount).toBe(
        (m.promptTokenCount ?? 0) + (m.candidatesTokenCount ?? 0) + (m.thoughtsTokenCount ?? 0),
      );
    }
    expect(chunks.slice(0, -1).every((c) => c.candidates[0]?.finishReason === undefined)).toBe(
      true,
    );
    expect(chunks.at(-1)?.candidates[0]?.finishReason).toBe('STOP');
  });

  it('answers a JSON array of chunks without alt=sse', async () => {
    const raw = await post(native('sim-all', 'streamGenerateContent'), {
      contents: userContents('array'),
    });
    expect(raw.headers.get('content-type')).toBe('application/json');
    const chunks = (await raw.json()) as {
      candidates: { content: { parts: { text: string }[] } }[];
    }[];
    expect(chunks.length).toBeGreaterThan(5);
    const joined = chunks.map((c) => c.candidates[0]?.content.parts[0]?.text).join('');
    expect(joined).toContain('Simulated reply to: "array"');
  });

  it('emits a thought part with includeThoughts on sim-gemini', async () => {
    const res = await ai.models.generateContent({
      model: 'sim-gemini',
      contents: 'Think',
      config: { thinkingConfig: { includeThoughts: true, thinkingBudget: 128 } },
    });
    const parts = res.candidates?.[0]?.content?.parts ?? [];
    expect(parts[0]).toEqual({ text: 'Thinking about "Think".', thought: true });
    expect(res.text).toContain('Simulated reply to: "Think"');
    expect(res.usageMetadata?.thoughtsTokenCount).toBeGreaterThan(0);
  });

  it('stops at maxOutputTokens with MAX_TOKENS', async () => {
    const res = await ai.models.generateContent({
      model: 'sim-all',
      contents: 'cap',
      config: { maxOutputTokens: 2 },
    });
    expect(res.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
    expect(res.text).toBe('Simulated reply ');
  });
});

describe('native generateContent: tools and thought signatures', () => {
  it('calls a function without id, signed on sim-gemini, and accepts the signed history', async () => {
    const config = { tools: [{ functionDeclarations: [weatherDecl] }] };
    const first = await ai.models.generateContent({
      model: 'sim-gemini',
      contents: 'Weather for 3 days in Paris?',
      config,
    });
    const part = first.candidates?.[0]?.content?.parts?.[0];
    expect(part?.functionCall).toEqual({ name: 'get_weather', args: { city: 'Paris', days: 1 } });
    expect(part?.functionCall).not.toHaveProperty('id');
    expect(part?.thoughtSignature).toEqual(expect.any(String));
    expect(first.candidates?.[0]?.finishReason).toBe('STOP');

    const withModelTurn = (modelPart: Part): Content[] => [
      { role: 'user', parts: [{ text: 'Weather for 3 days in Paris?' }] },
      { role: 'model', parts: [modelPart] },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'get_weather', response: { temp_c: 18 } } }],
      },
    ];
    const history = withModelTurn(part ?? {});
    const second = await ai.models.generateContent({
      model: 'sim-gemini',
      contents: history,
      config,
    });
    expect(second.text).toContain('Tool get_weather returned {"temp_c":18}.');

    const unsigned = withModelTurn({ functionCall: part?.functionCall });
    await expect(
      ai.models.generateContent({ model: 'sim-gemini', contents: unsigned, config }),
    ).rejects.toMatchObject({ status: 400 });
    const raw = await post(native('sim-gemini'), { contents: unsigned });
    const err = (await raw.json()) as { error: { status: string; message: string } };
    expect(err.error.status).toBe('INVALID_ARGUMENT');
    expect(err.error.message).toContain('Function call is missing a thought_signature');

    const invented = withModelTurn({
      functionCall: part?.functionCall,
      thoughtSignature: 'aW52ZW50ZWQ=',
    });
    expect((await post(native('sim-gemini'), { contents: invented })).status).toBe(400);

    const skipped = withModelTurn({
      functionCall: part?.functionCall,
      thoughtSignature: SKIP_SIGNATURE,
    });
    expect((await post(native('sim-gemini'), { contents: skipped })).status).toBe(200);
    // Models without the Gemini 3 requirement accept an unsigned history.
    expect((await post(native('sim-all'), { contents: unsigned })).status).toBe(200);
  });

  it('streams parallel calls whole in one chunk; ANY with allowed names forces one', async () => {
    const raw = await post(`${native('sim-gemini', 'streamGenerateContent')}?alt=sse`, {
      contents: userContents('both [[sim:parallel-tools]]'),
      tools: [{ functionDeclarations: [weatherDecl, { name: 'get_time' }] }],
    });
    const chunks = sseJson(await raw.text()) as {
      candidates: { content: { parts: Record<string, unknown>[] } }[];
    }[];
    expect(chunks).toHaveLength(1);
    const parts = chunks[0]?.candidates[0]?.content.parts ?? [];
    expect(parts.map((p) => (p.functionCall as { name: string }).name)).toEqual([
      'get_weather',
      'get_time',
    ]);
    expect(parts[0]?.thoughtSignature).toEqual(expect.any(String));
    expect(parts[1]).not.toHaveProperty('thoughtSignature');

    const forced = await ai.models.generateContent({
      model: 'sim-all',
      contents: 'time?',
      config: {
        tools: [{ functionDeclarations: [weatherDecl, { name: 'get_time' }] }],
        toolConfig: {
          functionCallingConfig: {
            mode: FunctionCallingConfigMode.ANY,
            allowedFunctionNames: ['get_time'],
          },
        },
      },
    });
    expect(forced.functionCalls).toEqual([{ name: 'get_time', args: {} }]);
  });

  it('answers a multimodal function response, naming its images', async () => {
    const contents = (data: string): Content[] => [
      { role: 'user', parts: [{ text: 'What is on screen?' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'screenshot', args: {} }, thoughtSignature: SKIP_SIGNATURE },
        ],
      },
      {
        role: 'user',
        parts: [
          {
            functionResponse: {
              name: 'screenshot',
              response: { output: 'shot.png' },
              parts: [{ inlineData: { mimeType: 'image/png', data } }],
            },
          },
        ],
      },
    ];
    const answer = await ai.models.generateContent({
      model: 'sim-gemini',
      contents: contents(PNG_BASE64),
    });
    expect(answer.text).toContain(
      'Tool screenshot returned {"output":"shot.png"} and an image (image/png, 68 bytes).',
    );
    await expect(
      ai.models.generateContent({ model: 'sim-gemini', contents: contents('%%') }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('requires functionResponse.name', async () => {
    const res = await post(native('sim-all'), {
      contents: [{ role: 'user', parts: [{ functionResponse: { response: {} } }] }],
    });
    expect(res.status).toBe(400);
  });
});

describe('native generateContent: structured output, images, errors', () => {
  it('produces JSON valid against an upper-case responseSchema', async () => {
    const res = await ai.models.generateContent({
      model: 'sim-all',
      contents: 'json',
      config: {
        responseMimeType: 'application/json',
        responseSchema: {
          type: Type.OBJECT,
          properties: {
            name: { type: Type.STRING },
            items: { type: Type.ARRAY, items: { type: Type.NUMBER } },
          },
          required: ['name'],
        },
      },
    });
    expect(JSON.parse(res.text ?? '')).toEqual({ name: 'value', items: [1] });
  });

  it('counts inlineData images and rejects bad base64', async () => {
    const ok = await ai.models.generateContent({
      model: 'sim-all',
      contents: [
        {
          role: 'user',
          parts: [{ text: 'see' }, { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } }],
        },
      ],
    });
    expect(ok.text).toContain('I see 1 image.');
    const bad = await post(native('sim-all'), {
      contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: '%%%' } }] }],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });

  it('Google-shaped 400/404 and a 429 insufficient balance', async () => {
    const noContents = await post(native('sim-all'), {});
    expect(noContents.status).toBe(400);
    const chatOnly = await post(native('sim-chat'), { contents: userContents('x') });
    expect(chatOnly.status).toBe(404);
    expect(await chatOnly.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
    const broke = await post(native('sim-gemini'), { contents: userContents('x') }, SIM_KEYS.broke);
    expect(broke.status).toBe(429);
    expect(await broke.json()).toEqual({
      error: { code: 429, message: INSUFFICIENT_BALANCE_MESSAGE, status: 'RESOURCE_EXHAUSTED' },
    });
  });
});
