import { describe, expect, it } from 'vitest';
import { recordedChunks, recordedNames } from '../../../../test/recorded-fixtures.ts';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { createChatStreamDecoder } from './chat-stream-decoder.ts';
import { testContext } from '../../../../test/doubles/formats/chat-test-context.ts';

function decode(payloads: string[], done = true, ctx = testContext()): CanonicalStreamEvent[] {
  const decoder = createChatStreamDecoder(ctx);
  const events = payloads.flatMap((data) => decoder.push({ data }));
  if (done) events.push(...decoder.push({ data: '[DONE]' }));
  return [...events, ...decoder.end()];
}

const replay = (name: string, ctx = testContext()) =>
  decode(recordedChunks('chat', name), true, ctx);

const textOf = (events: CanonicalStreamEvent[]) =>
  events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('');
const reasoningOf = (events: CanonicalStreamEvent[]) =>
  events.map((e) => (e.type === 'reasoning-delta' ? e.text : '')).join('');
const ofType = <T extends CanonicalStreamEvent['type']>(events: CanonicalStreamEvent[], type: T) =>
  events.filter((e): e is Extract<CanonicalStreamEvent, { type: T }> => e.type === type);

describe('chat stream decoder on recorded streams', () => {
  const names = recordedNames('chat', '.chunks.txt');

  it('has every recorded chat stream under test', () => {
    expect(names.sort()).toEqual([
      'azure-model-router.1.chunks.txt',
      'issue-13703-mistral-thinking.chunks.txt',
      'issue-15789-step-1.chunks.txt',
      'issue-15789-step-2.chunks.txt',
      'openai-text.chunks.txt',
      'xai-tool-call.chunks.txt',
    ]);
  });

  it.each(names)('%s: start first, one finish, usage, no error', (name) => {
    const events = replay(name);
    expect(events[0]?.type).toBe('start');
    expect(ofType(events, 'start')).toHaveLength(1);
    expect(ofType(events, 'finish')).toHaveLength(1);
    expect(ofType(events, 'usage')).toHaveLength(1);
    expect(ofType(events, 'error')).toEqual([]);
  });

  it.each(names)('%s: the same events without the [DONE] line', (name) => {
    expect(decode(recordedChunks('chat', name), false).map((e) => e.type)).toEqual(
      replay(name).map((e) => e.type),
    );
  });

  it('openai-text: 300 text deltas, stop, usage', () => {
    const events = replay('openai-text.chunks.txt');
    expect(events[0]).toEqual({
      type: 'start',
      id: 'chatcmpl-D8Z5oo6uDh67AD85p73ksdT1KxhE0',
      model: 'gpt-4.1-nano-2025-04-14',
      created: 1770933892,
    });
    const text = textOf(events);
    expect(text.startsWith('**Holiday Name:** Harmony Day\n\n**Date:** Celebrated annually')).toBe(
      true,
    );
    expect(text.endsWith('shared human experiences and mutual respect.')).toBe(true);
    expect(text).toHaveLength(1724);
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'stop' },
      {
        type: 'usage',
        usage: {
          inputTokens: 16,
          outputTokens: 300,
          totalTokens: 316,
          cachedInputTokens: 0,
          reasoningTokens: 0,
        },
      },
    ]);
  });

  it('azure-model-router: waits out the placeholder chunk, counts reasoning in output', () => {
    const events = replay('azure-model-router.1.chunks.txt');
    expect(events[0]).toEqual({
      type: 'start',
      id: 'chatcmpl-CYPS1lijGoK8gd9lYzY3r9Sx50nbt',
      model: 'gpt-5-nano-2025-08-07',
      created: 1762317021,
    });
    expect(textOf(events)).toBe('Capital of Denmark.');
    expect(ofType(events, 'finish')).toEqual([{ type: 'finish', reason: 'stop' }]);
    expect(ofType(events, 'usage')[0]?.usage).toEqual({
      inputTokens: 15,
      outputTokens: 78,
      totalTokens: 93,
      cachedInputTokens: 0,
      reasoningTokens: 64,
    });
  });

  it('mistral thinking: reasoning from thinking parts, text from mixed deltas, usage on the last chunk', () => {
    const events = replay('issue-13703-mistral-thinking.chunks.txt');
    expect(
      reasoningOf(events).startsWith('Okay, the user is asking for the product of 17 and 23.'),
    ).toBe(true);
    expect(reasoningOf(events).endsWith('So, 17 * 23 = 391.')).toBe(true);
    expect(textOf(events)).toBe('391');
    // The mixed delta: its thinking piece comes before its text piece.
    const mixed = events.findIndex((e) => e.type === 'reasoning-delta' && e.text === '1.');
    expect(events[mixed + 1]).toEqual({ type: 'text-delta', text: '3' });
    expect(events.slice(-3)).toEqual([
      { type: 'text-delta', text: '91' },
      { type: 'finish', reason: 'stop' },
      {
        type: 'usage',
        usage: { inputTokens: 28, outputTokens: 139, totalTokens: 167, cachedInputTokens: 0 },
      },
    ]);
  });

  it('issue-15789 step 1: text, then a no-argument call split into header and "{}"', () => {
    const events = replay('issue-15789-step-1.chunks.txt');
    expect(textOf(events)).toBe('PRE_TOOL');
    expect(events.slice(3)).toEqual([
      { type: 'tool-call-start', index: 0, id: 'call_NZa7xqfefoaMI2YYHowVXVlU', name: 'weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: 'tool_calls' },
      {
        type: 'usage',
        usage: {
          inputTokens: 58,
          outputTokens: 12,
          totalTokens: 70,
          cachedInputTokens: 0,
          reasoningTokens: 0,
        },
      },
    ]);
  });

  it('issue-15789 step 2: text and stop', () => {
    const events = replay('issue-15789-step-2.chunks.txt');
    expect(textOf(events)).toBe('POST_TOOL');
    expect(ofType(events, 'finish')).toEqual([{ type: 'finish', reason: 'stop' }]);
    expect(ofType(events, 'usage')[0]?.usage).toMatchObject({ inputTokens: 86, totalTokens: 88 });
  });

  it('xai tool call: 227 reasoning deltas, a whole call in one delta, reasoning added to output', () => {
    const ctx = testContext();
    const events = replay('xai-tool-call.chunks.txt', ctx);
    expect(ofType(events, 'reasoning-delta')).toHaveLength(227);
    expect(
      reasoningOf(events).startsWith(
        'First, the user is asking about the weather in San Francisco',
      ),
    ).toBe(true);
    expect(textOf(events)).toBe('');
    expect(events.slice(-5)).toEqual([
      { type: 'tool-call-start', index: 0, id: 'call_79382389', name: 'weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"location":"San Francisco"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: 'tool_calls' },
      {
        type: 'usage',
        usage: {
          inputTokens: 307,
          outputTokens: 253,
          totalTokens: 560,
          cachedInputTokens: 306,
          reasoningTokens: 227,
        },
      },
    ]);
    expect(ctx.rules).toEqual(['chat.usage_reasoning_added_to_output']);
  });
});

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });

describe('chat stream decoder on other shapes', () => {
  it('routes interleaved parallel calls by index and closes all at finish', () => {
    const events = decode([
      chunk({ role: 'assistant', content: null }),
      chunk({
        tool_calls: [
          { index: 0, id: 'call_a', type: 'function', function: { name: 'search', arguments: '' } },
        ],
      }),
      chunk({
        tool_calls: [
          {
            index: 1,
            id: 'call_b',
            type: 'function',
            function: { name: 'weather', arguments: '' },
          },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '{}' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(events.slice(1)).toEqual([
      { type: 'tool-call-start', index: 0, id: 'call_a', name: 'search' },
      { type: 'tool-call-start', index: 1, id: 'call_b', name: 'weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q":' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '"x"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-end', index: 1 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('holds arguments until the name arrives and synthesises a missing id', () => {
    const events = decode([
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"a"' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { name: 'f', arguments: ':1}' } }] }),
      chunk({}, 'stop'),
    ]);
    const start = events[1];
    expect(start).toMatchObject({ type: 'tool-call-start', index: 0, name: 'f' });
    expect(start?.type === 'tool-call-start' && start.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(events[2]).toEqual({ type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":1}' });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls' });
  });

  it('reads refusal deltas and OpenRouter-style reasoning', () => {
    const events = decode([
      chunk({ reasoning: 'hmm' }),
      chunk({ refusal: 'No.' }),
      chunk({}, 'stop'),
    ]);
    expect(events.slice(1, 3)).toEqual([
      { type: 'reasoning-delta', text: 'hmm' },
      { type: 'refusal-delta', text: 'No.' },
    ]);
  });

  it('turns an in-stream error into an error event with its numeric status, then ignores the rest', () => {
    const events = decode([
      chunk({ content: 'Hi' }),
      JSON.stringify({ error: { message: 'Overloaded', type: 'server_error', code: 503 } }),
      chunk({ content: 'ignored' }),
    ]);
    expect(events.slice(1)).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { type: 'error', status: 503, message: 'Overloaded', code: 'server_error' },
    ]);
  });

  it('uses 500 for a non-numeric error code and keeps the code', () => {
    const events = decode([
      JSON.stringify({
        error: { message: 'quota', type: 'insufficient_quota', code: 'insufficient_quota' },
      }),
    ]);
    expect(events).toEqual([
      { type: 'error', status: 500, message: 'quota', code: 'insufficient_quota' },
    ]);
  });

  it('reports a stream cut before finish_reason as an error after closing open calls', () => {
    const events = decode(
      [chunk({ tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: '{' } }] })],
      false,
    );
    expect(events.slice(-2)).toEqual([
      { type: 'tool-call-end', index: 0 },
      {
        type: 'error',
        status: 502,
        message: 'The upstream stream ended before the answer was finished.',
        code: 'upstream_stream_truncated',
      },
    ]);
  });

  it('reports an empty stream and a record that is not JSON', () => {
    expect(decode([], false)).toEqual([
      expect.objectContaining({ type: 'error', status: 502, code: 'upstream_stream_truncated' }),
    ]);
    expect(decode(['{"id":"x",'], false)).toEqual([
      expect.objectContaining({ type: 'error', status: 502, code: 'bad_upstream_response' }),
    ]);
  });
});
