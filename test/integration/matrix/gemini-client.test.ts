import {
  GoogleGenAI,
  type Content,
  type GenerateContentParameters,
  type GenerateContentResponse,
} from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import {
  ANSWER_SCHEMA,
  expectAnswerJson,
  HISTORY,
  SINGLE_FORMAT_MODELS,
  SYSTEM_TEXT,
  TINY_PNG,
  TOOL_RESULT_PHRASE,
  WEATHER_RESULT,
  WEATHER_SCHEMA,
} from './scenarios.ts';

let h: Harness;
let ai: GoogleGenAI;
beforeAll(async () => {
  h = await startHarness();
  ai = new GoogleGenAI({ apiKey: h.token, httpOptions: { baseUrl: h.url } });
});
afterAll(() => h.close());

interface Answer {
  text: string;
  parts: NonNullable<Content['parts']>;
  finishReason: string | undefined;
  totalTokens: number | undefined;
}

/** One native call, streamed (chunks merged the way a client would) or not. */
async function generate(params: GenerateContentParameters, stream: boolean): Promise<Answer> {
  const chunks: GenerateContentResponse[] = stream ? [] : [await ai.models.generateContent(params)];
  if (stream)
    for await (const chunk of await ai.models.generateContentStream(params)) chunks.push(chunk);
  const parts = chunks.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []);
  return {
    text: chunks.map((c) => c.text ?? '').join(''),
    parts,
    finishReason: chunks
      .map((c) => c.candidates?.[0]?.finishReason)
      .filter(Boolean)
      .at(-1),
    totalTokens: chunks.at(-1)?.usageMetadata?.totalTokenCount,
  };
}

const weatherTools = [
  {
    functionDeclarations: [
      { name: 'get_weather', description: 'Current weather', parametersJsonSchema: WEATHER_SCHEMA },
    ],
  },
];

describe.each(SINGLE_FORMAT_MODELS)('native client, model %s', (model) => {
  describe.each([false, true])('stream=%s', (stream) => {
    it('answers plain text, with usage', async () => {
      const answer = await generate({ model, contents: 'Say hello' }, stream);
      expect(answer.text).toContain('Say hello');
      expect(answer.finishReason).toBe('STOP');
      expect(answer.totalTokens).toBeGreaterThan(0);
    });

    it('carries a system instruction and multi-turn history', async () => {
      h.sim.clearJournal();
      const answer = await generate(
        {
          model,
          contents: [
            { role: 'user', parts: [{ text: HISTORY.first }] },
            { role: 'model', parts: [{ text: HISTORY.firstAnswer }] },
            { role: 'user', parts: [{ text: HISTORY.second }] },
          ],
          config: { systemInstruction: SYSTEM_TEXT },
        },
        stream,
      );
      expect(answer.text).toContain(HISTORY.second);
      const upstream = h.sim.journal.at(-1)!.rawBody;
      for (const text of [SYSTEM_TEXT, HISTORY.first, HISTORY.firstAnswer])
        expect(upstream).toContain(text);
    });

    it('calls a function and uses its result in a second turn', async () => {
      const contents: Content[] = [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }];
      const first = await generate({ model, contents, config: { tools: weatherTools } }, stream);
      const callPart = first.parts.find((p) => p.functionCall);
      expect(callPart?.functionCall?.name).toBe('get_weather');
      expect(callPart?.functionCall?.args).toEqual({ city: 'Paris' });
      // The client sends the model's turn back as it got it (signature included), then the result.
      contents.push({ role: 'model', parts: first.parts });
      contents.push({
        role: 'user',
        parts: [{ functionResponse: { name: 'get_weather', response: WEATHER_RESULT } }],
      });
      const second = await generate({ model, contents, config: { tools: weatherTools } }, stream);
      expect(second.text).toContain(TOOL_RESULT_PHRASE);
    });

    it('reads an image a function returned (a multimodal function response)', async () => {
      const contents: Content[] = [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }];
      const first = await generate({ model, contents, config: { tools: weatherTools } }, stream);
      contents.push({ role: 'model', parts: first.parts });
      contents.push({
        role: 'user',
        parts: [
          {
            functionResponse: {
              name: 'get_weather',
              response: { output: 'radar.png' },
              parts: [{ inlineData: { mimeType: 'image/png', data: TINY_PNG } }],
            },
          },
        ],
      });
      h.sim.clearJournal();
      const second = await generate({ model, contents, config: { tools: weatherTools } }, stream);
      expect(second.parts.length).toBeGreaterThan(0);
      // The image reached the model: inside the response (native), or in the user turn after it.
      expect(h.sim.journal.at(-1)?.rawBody).toContain(TINY_PNG);
    });

    it('passes an inline image', async () => {
      const answer = await generate(
        {
          model,
          contents: [
            {
              role: 'user',
              parts: [
                { text: 'What is this?' },
                { inlineData: { mimeType: 'image/png', data: TINY_PNG } },
              ],
            },
          ],
        },
        stream,
      );
      expect(answer.text).toContain('I see 1 image.');
    });

    it('returns JSON-schema output', async () => {
      const answer = await generate(
        {
          model,
          contents: 'A city and its population',
          config: { responseMimeType: 'application/json', responseJsonSchema: ANSWER_SCHEMA },
        },
        stream,
      );
      expectAnswerJson(answer.text);
    });
  });
});
