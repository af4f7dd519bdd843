import {
  GoogleGenAI,
  type Content,
  type GenerateContentParameters,
  type GenerateContentResponse,
} from '@google/genai';
import { expect } from 'vitest';
import {
  ANSWER_SCHEMA,
  TINY_PNG,
  WEATHER_RESULT,
  WEATHER_SCHEMA,
} from '../../integration/matrix/scenarios.ts';
import type { KitMatrix, MatrixClient, MatrixTarget } from '../format-kit.ts';

interface Answer {
  text: string;
  parts: NonNullable<Content['parts']>;
  finishReason: string | undefined;
  totalTokens: number | undefined;
}

const weatherTools = [
  {
    functionDeclarations: [
      { name: 'get_weather', description: 'Current weather', parametersJsonSchema: WEATHER_SCHEMA },
    ],
  },
];

/** The official `@google/genai` SDK as a native (generateContent) client. */
function connect(target: MatrixTarget): MatrixClient {
  // Made on first use: the matrix connects when it collects its tests, before the gateway runs.
  let made: GoogleGenAI | undefined;
  const ai = (): GoogleGenAI =>
    (made ??= new GoogleGenAI({ apiKey: target.token, httpOptions: { baseUrl: target.url } }));

  /** One native call, streamed (chunks merged the way a client would) or not. */
  async function generate(params: GenerateContentParameters, stream: boolean): Promise<Answer> {
    const chunks: GenerateContentResponse[] = stream
      ? []
      : [await ai().models.generateContent(params)];
    if (stream)
      for await (const chunk of await ai().models.generateContentStream(params)) chunks.push(chunk);
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

  return {
    async plainText(model, stream) {
      const answer = await generate({ model, contents: 'Say hello' }, stream);
      expect(answer.finishReason).toBe('STOP');
      expect(answer.totalTokens).toBeGreaterThan(0);
      return answer.text;
    },

    async history(model, stream, { system, turns: [first, reply, second] }) {
      const answer = await generate(
        {
          model,
          contents: [
            { role: 'user', parts: [{ text: first }] },
            { role: 'model', parts: [{ text: reply }] },
            { role: 'user', parts: [{ text: second }] },
          ],
          config: { systemInstruction: system },
        },
        stream,
      );
      return answer.text;
    },

    async toolLoop(model, stream) {
      const contents: Content[] = [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }];
      const first = await generate({ model, contents, config: { tools: weatherTools } }, stream);
      const callPart = first.parts.find((p) => p.functionCall);
      // The client sends the model's turn back as it got it (signature included), then the result.
      contents.push({ role: 'model', parts: first.parts });
      contents.push({
        role: 'user',
        parts: [{ functionResponse: { name: 'get_weather', response: WEATHER_RESULT } }],
      });
      const second = await generate({ model, contents, config: { tools: weatherTools } }, stream);
      return {
        call: { name: callPart?.functionCall?.name ?? '', args: callPart?.functionCall?.args },
        answer: second.text,
      };
    },

    async imageInput(model, stream) {
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
      return answer.text;
    },

    async jsonOutput(model, stream) {
      const answer = await generate(
        {
          model,
          contents: 'A city and its population',
          config: { responseMimeType: 'application/json', responseJsonSchema: ANSWER_SCHEMA },
        },
        stream,
      );
      return answer.text;
    },

    extra: {
      async 'reads an image a function returned (a multimodal function response)'(model, stream) {
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
        target.clearJournal();
        const second = await generate({ model, contents, config: { tools: weatherTools } }, stream);
        expect(second.parts.length).toBeGreaterThan(0);
        // The image reached the model: inside the response (native), or in the user turn after it.
        expect(target.lastUpstreamBody()).toContain(TINY_PNG);
      },
    },
    perModel: {},
    once: {},
  };
}

export const geminiMatrix: KitMatrix = { sdk: '@google/genai', connect };
