import { expect } from 'vitest';
import type { FormatKit, KitReply, KitRequest } from '../format-kit.ts';
import { deepObjects } from '../deep.ts';
import { SSE_FRAMING } from '../framing/sse.ts';
import { list, num, obj, slotIf } from '../json.ts';
import { geminiMatrix } from './matrix.ts';
import { geminiRecorded } from './recorded.ts';
import { geminiBadInput } from './reliability.ts';
import { geminiSim } from './sim.ts';

/** The model and the stream mode are in the path; the body has neither. */
const request = (model: string, text: string, stream: boolean): KitRequest => ({
  path: `/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
  headers: {},
  body: { contents: [{ role: 'user', parts: [{ text }] }] },
});

/** Google's error body: `{"error":{"code","message","status"}}`, the code being the status. */
function expectGoogleError(reply: KitReply, status: number): Record<string, unknown> {
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  expect(String(reply.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(reply.text) as { error: Record<string, unknown> };
  expect(body.error.code).toBe(status);
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.error.status).toBe('string');
  return body.error;
}

/** The text parts of a chunk's first candidate, thoughts left out. */
const answerParts = (json: unknown) =>
  list(obj(obj(list(obj(json).candidates)[0]).content).parts).filter(
    (part) => obj(part).thought !== true,
  );

/** Native generateContent (`/v1beta/models/{model}:…`), driven by `@google/genai`. */
export const geminiKit: FormatKit = {
  format: 'gemini',
  nativeModel: geminiSim.nativeModel.id,
  translatedModel: 'sim-chat',
  client: {
    request,
    wholeText: (body) =>
      answerParts(body)
        .map((part) => (typeof obj(part).text === 'string' ? String(obj(part).text) : ''))
        .join(''),
    refusalAsText: true,
    // @google/genai sends its key as `x-goog-api-key`.
    listModels: (token) => ({ path: '/v1beta/models', headers: { 'x-goog-api-key': token } }),
    otherRoutes: [],
  },
  stream: {
    framing: SSE_FRAMING,
    opensBeforeContent: false,
    textSlots: ({ json }) => answerParts(json).flatMap((part) => slotIf(part, 'text')),
    isError: ({ json }) => json.error !== undefined,
  },
  errors: { expect: expectGoogleError },
  upstream: {
    sim: geminiSim,
    recordingRequest: request,
    errorRecord: (message) =>
      SSE_FRAMING.write([
        { data: JSON.stringify({ error: { code: 500, message, status: 'INTERNAL' } }) },
      ]),
    overloadedStatuses: [],
    // The stream mode is the path's: the same body asked of `generateContent`.
    wholeRequest: (path, body) => ({
      path: path.replace(/:streamGenerateContent$/, ':generateContent'),
      body,
    }),
    usage: (answer) => {
      const u = obj(obj(answer).usageMetadata);
      return {
        inputTokens: num(u.promptTokenCount) + num(u.toolUsePromptTokenCount),
        outputTokens: num(u.candidatesTokenCount) + num(u.thoughtsTokenCount),
        cachedInputTokens: num(u.cachedContentTokenCount),
        cacheWriteTokens: 0,
        reasoningTokens: num(u.thoughtsTokenCount),
      };
    },
  },
  badBodies: {
    textAround: () => ['{"contents":[{"role":"user","parts":[{"text":"', '"}]}]}'],
    wrongTypes: '{"contents":"hello"}',
    deepInField: (_model, depth) =>
      `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"generationConfig":{"responseMimeType":"application/json","responseSchema":${deepObjects(depth)}}}`,
    deepTool: (_model, schema) =>
      `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"tools":[{"functionDeclarations":[{"name":"f","parameters":${schema}}]}]}`,
    unknownField: () => '{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"zzNotAField":1}',
    valid: (_model, text) => ({ contents: [{ role: 'user', parts: [{ text }] }] }),
  },
  reliability: { badInput: geminiBadInput },
  recorded: geminiRecorded,
  matrix: geminiMatrix,
  bench: { direct: request },
};
