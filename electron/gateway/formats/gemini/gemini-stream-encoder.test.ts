import { ApiError, GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { recordedChunks } from '../../../../test/recorded-fixtures.ts';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { withGeminiSignature } from './gemini-state.ts';
import { GeminiStreamDecoder } from './gemini-stream-decoder.ts';
import { GeminiStreamEncoder } from './gemini-stream-encoder.ts';
import {
  testContext,
  testEncodeContext,
  withLocalServer,
} from '../../../../test/doubles/formats/gemini-test-helpers.ts';

/** Answer text as the SDK's `.text` reads it, without its warning about call parts. */
const textOf = (chunks: GenerateContentResponse[]) =>
  chunks
    .flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? [])
    .map((part) => (part.thought ? '' : (part.text ?? '')))
    .join('');

const start: CanonicalStreamEvent = { type: 'start', id: 'up', model: 'up-model', created: 1 };

function encodeAll(events: CanonicalStreamEvent[], includeThoughts = false) {
  const ctx = testEncodeContext({ model: 'gemini-client', reasoning: { includeThoughts } });
  const encoder = new GeminiStreamEncoder(ctx);
  const pieces = events.map((event) => encoder.encode(event));
  return { pieces, text: pieces.join('') + encoder.end(), ctx, encoder };
}

/** The records of SSE text, checking the framing @google/genai needs. */
function records(sse: string): Record<string, unknown>[] {
  expect(sse.endsWith('\n\n')).toBe(true);
  return sse
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      expect(block.startsWith('data: ')).toBe(true);
      expect(block.includes('\n')).toBe(false);
      expect(block).not.toBe('data: [DONE]');
      return JSON.parse(block.slice(6)) as Record<string, unknown>;
    });
}

/** Serves `sse` as a streamGenerateContent answer and reads it with @google/genai. */
async function readWithSdk(sse: string): Promise<GenerateContentResponse[]> {
  const chunks: GenerateContentResponse[] = [];
  const seen = await withLocalServer(
    () => ({ contentType: 'text/event-stream', body: sse }),
    async (baseUrl) => {
      const ai = new GoogleGenAI({ apiKey: 'x', httpOptions: { baseUrl } });
      const stream = await ai.models.generateContentStream({
        model: 'gemini-client',
        contents: 'hi',
      });
      for await (const chunk of stream) chunks.push(chunk);
    },
  );
  expect(seen[0]?.url).toBe('/v1/models/gemini-client:streamGenerateContent?alt=sse');
  return chunks;
}

const toolEvents: CanonicalStreamEvent[] = [
  start,
  { type: 'text-delta', text: 'Let me ' },
  { type: 'text-delta', text: 'check.' },
  { type: 'tool-call-start', index: 0, id: 'call_a', name: 'weather' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
  { type: 'tool-call-start', index: 1, id: 'call_b', name: 'time' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
  withGeminiSignature({ type: 'tool-call-end', index: 0 }, 'c2ln'),
  { type: 'tool-call-end', index: 1 },
  { type: 'finish', reason: 'tool_calls' },
  {
    type: 'usage',
    usage: { inputTokens: 10, outputTokens: 7, totalTokens: 17, reasoningTokens: 3 },
  },
];

describe('GeminiStreamEncoder', () => {
  it('writes text as it arrives, each call whole at its end, finish and usage last', () => {
    const { pieces, text } = encodeAll(toolEvents);
    expect(pieces[1]).not.toBe('');
    expect(pieces[4]).toBe('');
    expect(records(text)).toEqual([
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'Let me ' }] }, index: 0 }],
        modelVersion: 'gemini-client',
        responseId: 'resp-test-1',
      },
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'check.' }] }, index: 0 }],
        modelVersion: 'gemini-client',
        responseId: 'resp-test-1',
      },
      {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [
                {
                  functionCall: { id: 'call_a', name: 'weather', args: { city: 'Paris' } },
                  thoughtSignature: 'c2ln',
                },
              ],
            },
            index: 0,
          },
        ],
        modelVersion: 'gemini-client',
        responseId: 'resp-test-1',
      },
      {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [{ functionCall: { id: 'call_b', name: 'time', args: {} } }],
            },
            index: 0,
          },
        ],
        modelVersion: 'gemini-client',
        responseId: 'resp-test-1',
      },
      {
        candidates: [
          { content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 },
        ],
        usageMetadata: {
          promptTokenCount: 10,
          candidatesTokenCount: 4,
          thoughtsTokenCount: 3,
          totalTokenCount: 17,
        },
        modelVersion: 'gemini-client',
        responseId: 'resp-test-1',
      },
    ]);
  });

  it('is read by @google/genai generateContentStream', async () => {
    const chunks = await readWithSdk(encodeAll(toolEvents).text);
    expect(textOf(chunks)).toBe('Let me check.');
    expect(chunks.flatMap((chunk) => chunk.functionCalls ?? [])).toEqual([
      { id: 'call_a', name: 'weather', args: { city: 'Paris' } },
      { id: 'call_b', name: 'time', args: {} },
    ]);
    const last = chunks.at(-1);
    expect(last?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last?.usageMetadata?.totalTokenCount).toBe(17);
    expect(last?.responseId).toBe('resp-test-1');
  });

  it('sends thoughts only when asked, and signatures always', () => {
    const events: CanonicalStreamEvent[] = [
      start,
      { type: 'reasoning-delta', text: 'Thinking' },
      withGeminiSignature({ type: 'reasoning-delta', text: ' more' }, 'c2ln'),
      { type: 'text-delta', text: 'Done.' },
      { type: 'finish', reason: 'stop' },
    ];
    const shown = records(encodeAll(events, true).text);
    expect(
      shown
        .slice(0, 2)
        .map((r) => (r.candidates as { content: { parts: unknown[] } }[])[0]?.content.parts),
    ).toEqual([
      [{ text: 'Thinking', thought: true }],
      [{ text: ' more', thought: true, thoughtSignature: 'c2ln' }],
    ]);
    const hidden = encodeAll(events, false);
    const parts = records(hidden.text).map(
      (r) => (r.candidates as { content: { parts: unknown[] } }[])[0]?.content.parts,
    );
    expect(parts).toEqual([
      [{ text: '', thoughtSignature: 'c2ln' }],
      [{ text: 'Done.' }],
      [{ text: '' }],
    ]);
    expect(hidden.ctx.rules).toEqual(['gemini.thoughts_omitted']);
  });

  it('SDK: thought parts stay out of .text', async () => {
    const chunks = await readWithSdk(
      encodeAll(
        [
          start,
          { type: 'reasoning-delta', text: 'hmm' },
          { type: 'text-delta', text: 'ok' },
          { type: 'finish', reason: 'stop' },
        ],
        true,
      ).text,
    );
    expect(chunks[0]?.candidates?.[0]?.content?.parts?.[0]).toEqual({ text: 'hmm', thought: true });
    expect(chunks.map((chunk) => chunk.text ?? '').join('')).toBe('ok');
  });

  it('maps finish reasons; with none seen the last record says OTHER', () => {
    const last = (events: CanonicalStreamEvent[]) => records(encodeAll(events).text).at(-1);
    expect(last([start, { type: 'finish', reason: 'length' }])).toMatchObject({
      candidates: [{ finishReason: 'MAX_TOKENS' }],
    });
    expect(last([start, { type: 'finish', reason: 'content_filter' }])).toMatchObject({
      candidates: [{ finishReason: 'SAFETY' }],
    });
    expect(last([start])).toMatchObject({ candidates: [{ finishReason: 'OTHER' }] });
    expect(last([])).not.toHaveProperty('usageMetadata');
  });

  it('writes an error record after an error event, and nothing more', async () => {
    const { text, encoder } = encodeAll([
      start,
      { type: 'text-delta', text: 'par' },
      { type: 'error', status: 503, message: 'upstream overloaded', code: 'server_error' },
      { type: 'text-delta', text: 'tial' },
    ]);
    expect(records(text).at(-1)).toEqual({
      error: { code: 503, message: 'upstream overloaded', status: 'UNAVAILABLE' },
    });
    expect(encoder.end()).toBe('');
    const failure = await readWithSdk(text).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(503);
  });

  it('fails the stream on call arguments that are not a JSON object', () => {
    const { text } = encodeAll([
      start,
      { type: 'tool-call-start', index: 0, id: 'c', name: 'f' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
    const all = records(text);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ error: { code: 502, status: 'INTERNAL' } });
  });

  it('still sends a call the upstream never ended, before the last record', () => {
    const all = records(
      encodeAll([
        start,
        { type: 'tool-call-start', index: 0, id: 'c', name: 'f' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' },
      ]).text,
    );
    expect(
      all.map((r) => (r.candidates as { content: { parts: unknown[] } }[])[0]?.content.parts),
    ).toEqual([[{ functionCall: { id: 'c', name: 'f', args: {} } }], [{ text: '' }]]);
  });

  it('re-encodes every recorded gemini stream so that @google/genai reads the same answer', async () => {
    const cases: [string, string, string[]][] = [
      ['google-text.chunks.txt', 'There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y', []],
      ['google-tool-call.chunks.txt', '', ['weather']],
      [
        'google-stream-no-args-tool-call.chunks.txt',
        '',
        ['read_theme', 'read_screen', 'read_screen', 'read_screen'],
      ],
      ['issue-10781.1.chunks.txt', 'Let me check.', ['get_weather']],
      ['gemma-4-output-usage.chunks.txt', 'hello', []],
    ];
    for (const [name, text, callNames] of cases) {
      const decoder = new GeminiStreamDecoder(testContext());
      const encoder = new GeminiStreamEncoder(testEncodeContext({ model: 'gemini-client' }));
      let sse = '';
      for (const data of recordedChunks('gemini', name))
        for (const e of decoder.push({ data })) sse += encoder.encode(e);
      for (const e of decoder.end()) sse += encoder.encode(e);
      sse += encoder.end();
      const chunks = await readWithSdk(sse);
      expect(textOf(chunks), name).toBe(text);
      expect(
        chunks.flatMap((chunk) => chunk.functionCalls ?? []).map((call) => call.name),
        name,
      ).toEqual(callNames);
      expect(chunks.at(-1)?.candidates?.[0]?.finishReason, name).toBe('STOP');
    }
  });
});
