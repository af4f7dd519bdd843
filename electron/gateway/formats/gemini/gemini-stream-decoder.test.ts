import { describe, expect, it } from 'vitest';
import { recordedChunks, recordedNames } from '../../../../test/recorded-fixtures.ts';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { StreamAccumulator } from '../../canonical/stream-accumulator.ts';
import { GeminiStreamDecoder } from './gemini-stream-decoder.ts';
import { geminiSignature } from './gemini-state.ts';
import { testContext } from '../../../../test/doubles/formats/gemini-test-helpers.ts';
import { signatureStateKey } from './thought-signature.ts';

function decode(chunks: string[], ctx = testContext()): CanonicalStreamEvent[] {
  const decoder = new GeminiStreamDecoder(ctx);
  return [...chunks.flatMap((data) => decoder.push({ data })), ...decoder.end()];
}

function replay(name: string, ctx = testContext()) {
  const events = decode(recordedChunks('gemini', name), ctx);
  const accumulator = new StreamAccumulator();
  for (const event of events) accumulator.add(event);
  const calls = accumulator.result().parts.flatMap((part) =>
    part.type === 'tool-call'
      ? [
          {
            id: part.id,
            name: part.name,
            args: JSON.parse(part.arguments) as unknown,
            signature: geminiSignature(part),
          },
        ]
      : [],
  );
  const types = events.map((event) => event.type);
  return { events, types, result: accumulator.result(), calls, ctx };
}

const textOf = (events: CanonicalStreamEvent[]) =>
  events.map((event) => (event.type === 'text-delta' ? event.text : '')).join('');

const REPLAYED = [
  'gemma-4-output-usage.chunks.txt',
  'google-stream-no-args-tool-call.chunks.txt',
  'google-stream-tool-call-arguments.chunks.txt',
  'google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt',
  'google-text.chunks.txt',
  'google-tool-call.chunks.txt',
  'google-usage-raw-live.chunks.txt',
  'google-vertex-stream-tool-call-arguments-nested.1.chunks.txt',
  'issue-10781.1.chunks.txt',
  'issue-18073-empty-text-thought-signature.chunks.txt',
  'issue-19758-prompt-block.chunks.txt',
];

describe('GeminiStreamDecoder (recorded streams)', () => {
  it('replays every recorded gemini stream', () => {
    expect(recordedNames('gemini', '.chunks.txt').sort()).toEqual(REPLAYED);
    for (const name of REPLAYED) {
      const { types } = replay(name);
      expect(types[0], name).toBe('start');
      expect(types, name).not.toContain('error');
    }
  });

  it('google-text: text, then the signature of the empty last part, stop, usage', () => {
    const { events, result } = replay('google-text.chunks.txt');
    expect(events[0]).toMatchObject({
      type: 'start',
      id: 'bH6LaZW8Fp_3nsEPqtaSwQ4',
      model: 'gemini-3-pro-preview',
    });
    expect(textOf(events)).toBe('There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y');
    expect(result.parts[1]).toMatchObject({ type: 'reasoning', text: '' });
    expect(geminiSignature(result.parts[1]!)).toMatch(/^EqsFCqgFAb4\+9vvtAF5n87lB/);
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'stop' },
      {
        type: 'usage',
        usage: { inputTokens: 9, outputTokens: 208, totalTokens: 217, reasoningTokens: 185 },
      },
    ]);
  });

  it('issue-18073: an empty text part keeps its thought signature', () => {
    const { events, result } = replay('issue-18073-empty-text-thought-signature.chunks.txt');
    expect(textOf(events)).toBe('4');
    expect(result.parts).toEqual([
      { type: 'text', text: '4' },
      { type: 'reasoning', text: '', state: expect.any(Object) },
    ]);
    expect(geminiSignature(result.parts[1]!)).toMatch(/^EpcCCpQCARFNMg9GpVP\+YGO3zJobwN8a/);
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toEqual({
      inputTokens: 15,
      outputTokens: 53,
      totalTokens: 68,
      reasoningTokens: 52,
    });
  });

  it('gemma-4: thought parts become reasoning before the answer', () => {
    const { result } = replay('gemma-4-output-usage.chunks.txt');
    expect(result.parts).toHaveLength(2);
    expect(result.parts[0]).toMatchObject({ type: 'reasoning' });
    expect(result.parts[0]?.type === 'reasoning' && result.parts[0].text).toMatch(
      /^\* {3}User input: "Reply with exactly: hello"\n[\s\S]*Output: "hello"$/,
    );
    expect(result.parts[1]).toEqual({ type: 'text', text: 'hello' });
    expect(result).toMatchObject({
      id: '4HFfavXADZvkkdUP37mD6Q0',
      model: 'gemma-4-26b-a4b-it',
      finishReason: 'stop',
      usage: { inputTokens: 6, outputTokens: 77, totalTokens: 83, reasoningTokens: 76 },
    });
  });

  it('google-tool-call: one whole call with its signature, stored by id; STOP reads as tool_calls', () => {
    const { events, calls, ctx, result } = replay('google-tool-call.chunks.txt');
    expect(events.map((e) => e.type)).toEqual([
      'start',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
      'finish',
      'usage',
    ]);
    expect(calls).toEqual([
      {
        id: expect.stringMatching(/^call_/),
        name: 'weather',
        args: { location: 'San Francisco' },
        signature: expect.stringMatching(/^EqUCCqICAb4\+/),
      },
    ]);
    expect(ctx.state.get(signatureStateKey(calls[0]?.id ?? ''))).toBe(calls[0]?.signature);
    expect(result.finishReason).toBe('tool_calls');
    expect(result.usage).toEqual({
      inputTokens: 29,
      outputTokens: 60,
      totalTokens: 89,
      reasoningTokens: 45,
    });
  });

  it('issue-10781: text then a call that carries its own id', () => {
    const { events, calls, result } = replay('issue-10781.1.chunks.txt');
    expect(textOf(events)).toBe('Let me check.');
    expect(calls).toEqual([
      {
        id: 'g1bmv6il',
        name: 'get_weather',
        args: { city: 'San Francisco' },
        signature: expect.stringMatching(/^EqsGCqgGARFNMg/),
      },
    ]);
    expect(result.finishReason).toBe('tool_calls');
    expect(result.usage).toEqual({
      inputTokens: 83,
      outputTokens: 199,
      totalTokens: 282,
      reasoningTokens: 178,
    });
  });

  it('vertex no-args + parallel partialArgs calls: four calls, only the first signed', () => {
    const { events, calls, result } = replay('google-stream-no-args-tool-call.chunks.txt');
    expect(result.parts[0]).toMatchObject({
      type: 'reasoning',
      text: expect.stringMatching(/^\*\*Processing User Requests\*\*/),
    });
    expect(calls.map(({ name, args }) => ({ name, args }))).toEqual([
      { name: 'read_theme', args: {} },
      { name: 'read_screen', args: { id: 'A' } },
      { name: 'read_screen', args: { id: 'B' } },
      { name: 'read_screen', args: { id: 'C' } },
    ]);
    expect(calls[0]?.signature).toMatch(/^AY89a18a8\/Loc2wl5oft/);
    expect(calls.slice(1).every((call) => call.signature === undefined)).toBe(true);
    expect(new Set(calls.map((call) => call.id)).size).toBe(4);
    expect(
      events
        .filter((e) => e.type === 'tool-call-start')
        .map((e) => e.type === 'tool-call-start' && e.index),
    ).toEqual([0, 1, 2, 3]);
    expect(result.finishReason).toBe('tool_calls');
    // Vertex's in-between records carry only trafficType; the counts come last.
    expect(result.usage).toEqual({
      inputTokens: 249,
      outputTokens: 241,
      totalTokens: 490,
      reasoningTokens: 183,
    });
  });

  it('vertex streamed arguments: two getWeather calls', () => {
    const { calls, result } = replay('google-stream-tool-call-arguments.chunks.txt');
    expect(calls.map(({ name, args }) => ({ name, args }))).toEqual([
      { name: 'getWeather', args: { location: 'Boston' } },
      { name: 'getWeather', args: { location: 'San Francisco' } },
    ]);
    expect(calls[0]?.signature).toMatch(/^CiMBjz1rX25KieIB4d4/);
    expect(result.finishReason).toBe('tool_calls');
    expect(result.usage).toEqual({
      inputTokens: 26,
      outputTokens: 155,
      totalTokens: 181,
      reasoningTokens: 132,
    });
  });

  it('vertex array arguments with no terminal functionCall: the call closes on its last piece', () => {
    const { events, calls, result } = replay(
      'google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt',
    );
    expect(calls.map(({ name, args }) => ({ name, args }))).toEqual([
      {
        name: 'writeItems',
        args: {
          operations: [
            { action: 'add', description: 'Fresh red apple', itemid: 'apple_001', price: 0.5 },
            { action: 'add', description: 'Ripe yellow banana', itemid: 'banana_001', price: 0.3 },
          ],
        },
      },
    ]);
    const end = events.findIndex((e) => e.type === 'tool-call-end');
    expect(end).toBeGreaterThan(0);
    expect(end).toBeLessThan(events.findIndex((e) => e.type === 'finish'));
    expect(result.finishReason).toBe('tool_calls');
    expect(result.usage).toEqual({
      inputTokens: 54,
      outputTokens: 195,
      totalTokens: 249,
      reasoningTokens: 121,
    });
  });

  it('vertex nested arguments over 76 records, strings split across pieces, non-ASCII kept', () => {
    const { calls, result } = replay(
      'google-vertex-stream-tool-call-arguments-nested.1.chunks.txt',
    );
    expect(calls).toHaveLength(1);
    const args = calls[0]?.args as {
      recipe: { name: string; ingredients: { amount: string; name: string }[]; steps: string[] };
    };
    expect(calls[0]?.name).toBe('cookRecipe');
    expect(args.recipe.name).toBe('Lasagna');
    expect(args.recipe.ingredients).toHaveLength(10);
    expect(args.recipe.ingredients[3]).toEqual({ amount: '3 cups', name: 'Mozzarella cheese' });
    expect(args.recipe.steps).toHaveLength(10);
    expect(args.recipe.steps[0]).toBe('Preheat oven to 375°F (190°C).');
    expect(args.recipe.steps[1]).toBe(
      'Cook lasagna noodles according to package directions, drain and set aside.',
    );
    expect(args.recipe.steps[4]).toBe('In a 9x13 baking dish, spread a thin layer of meat sauce.');
    expect(result.usage).toEqual({
      inputTokens: 31,
      outputTokens: 1710,
      totalTokens: 1741,
      reasoningTokens: 1026,
    });
  });

  it('issue-19758: a blocked prompt finishes with content_filter and no parts', () => {
    const { events } = replay('issue-19758-prompt-block.chunks.txt');
    expect(events).toEqual([
      {
        type: 'start',
        id: 'EXCPatOAKMrQjMcPteHVmQo',
        model: 'gemini-3.7-flash',
        created: expect.any(Number),
      },
      { type: 'finish', reason: 'content_filter' },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 0, totalTokens: 9 } },
    ]);
  });

  it('raw live usage record (data: framing stripped by the loader): usage only', () => {
    const { events } = replay('google-usage-raw-live.chunks.txt');
    expect(events).toEqual([
      {
        type: 'start',
        id: expect.stringMatching(/^resp_/),
        model: '',
        created: expect.any(Number),
      },
      {
        type: 'usage',
        usage: {
          inputTokens: 77,
          outputTokens: 160,
          totalTokens: 237,
          cachedInputTokens: 4,
          reasoningTokens: 89,
        },
      },
    ]);
  });
});

describe('GeminiStreamDecoder', () => {
  it('turns an in-stream error, also one wrapped in an array, into an error event that ends the stream', () => {
    for (const data of [
      '{"error":{"code":503,"message":"overloaded","status":"UNAVAILABLE"}}',
      '[{"error":{"code":503,"message":"overloaded","status":"UNAVAILABLE"}}]',
    ]) {
      const decoder = new GeminiStreamDecoder(testContext());
      decoder.push({
        data: '{"candidates":[{"content":{"parts":[{"text":"a"}]}}],"responseId":"r"}',
      });
      expect(decoder.push({ data })).toEqual([
        { type: 'error', status: 503, message: 'overloaded', code: 'unavailable' },
      ]);
      expect(
        decoder.push({ data: '{"candidates":[{"content":{"parts":[{"text":"b"}]}}]}' }),
      ).toEqual([]);
      expect(decoder.end()).toEqual([]);
    }
  });

  it('fails on a record that is not JSON, and on a stream with no record', () => {
    expect(decode(['not json'])).toEqual([
      {
        type: 'error',
        status: 502,
        message: expect.any(String),
        code: 'upstream_invalid_response',
      },
    ]);
    expect(decode([])).toEqual([
      { type: 'error', status: 502, message: expect.any(String), code: 'upstream_empty_stream' },
    ]);
  });

  it('maps MAX_TOKENS and the safety family, and reports a cut stream instead of finishing it', () => {
    const record = (reason?: string) =>
      JSON.stringify({
        candidates: [
          { content: { parts: [{ text: 'x' }] }, ...(reason ? { finishReason: reason } : {}) },
        ],
      });
    expect(decode([record('MAX_TOKENS')]).at(-1)).toEqual({ type: 'finish', reason: 'length' });
    expect(decode([record('SAFETY')]).at(-1)).toEqual({ type: 'finish', reason: 'content_filter' });
    // Candidates without a finish reason: the stream was cut, however cleanly it ended.
    const cut = decode([record()]);
    expect(cut.map((e) => e.type)).toEqual(['start', 'text-delta', 'error']);
    expect(cut.at(-1)).toMatchObject({ code: 'upstream_stream_truncated' });
  });
});
