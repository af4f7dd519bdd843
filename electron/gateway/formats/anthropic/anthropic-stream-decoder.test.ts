import { describe, expect, it } from 'vitest';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { recordedChunks } from '../../../../test/recorded-fixtures.ts';
import { createAnthropicStreamDecoder } from './anthropic-stream-decoder.ts';
import { withAnthropicRedacted, withAnthropicSignature } from './anthropic-state.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { storedThinking } from './anthropic-thinking-replay.ts';

function decode(lines: string[], ctx = testContext()): CanonicalStreamEvent[] {
  const decoder = createAnthropicStreamDecoder(ctx);
  const events: CanonicalStreamEvent[] = [];
  for (const data of lines) {
    const type = (JSON.parse(data) as { type: string }).type;
    events.push(...decoder.push({ event: type, data }));
  }
  return [...events, ...decoder.end()];
}

const recorded = (name: string, ctx = testContext()) =>
  decode(recordedChunks('anthropic', name), ctx);

const line = (value: unknown) => JSON.stringify(value);
const start = line({
  type: 'message_start',
  message: { id: 'msg_1', model: 'claude', usage: { input_tokens: 5, output_tokens: 1 } },
});

describe('Anthropic stream decoder', () => {
  it('reads a text stream: start, deltas, finish and usage from message_delta', () => {
    const events = recorded('anthropic-text.chunks.txt');
    expect(events[0]).toMatchObject({
      type: 'start',
      id: 'msg_01QC4g3HwBThD4BaNtBckFDJ',
      model: 'claude-sonnet-4-5-20250929',
    });
    const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
    expect(text).toBe(
      "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
    );
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'stop' },
      {
        type: 'usage',
        usage: {
          inputTokens: 12,
          outputTokens: 30,
          totalTokens: 42,
          cachedInputTokens: 0,
          cacheWriteInputTokens: 0,
        },
      },
    ]);
  });

  it('takes the input tokens that arrive only in message_delta', () => {
    const events = recorded('anthropic-message-delta-input-tokens.chunks.txt');
    expect(events.at(-1)).toEqual({
      type: 'usage',
      usage: { inputTokens: 61, outputTokens: 2, totalTokens: 63 },
    });
  });

  it('sends the thinking signature on a last reasoning delta, byte-exact', () => {
    const lines = recordedChunks('anthropic', 'anthropic-clear-thinking.1.chunks.txt');
    const signature = (
      JSON.parse(lines.find((l) => l.includes('signature_delta'))!) as {
        delta: { signature: string };
      }
    ).delta.signature;
    const events = decode(lines);
    const reasoning = events.filter((e) => e.type === 'reasoning-delta');
    expect(reasoning.map((e) => e.text).join('')).toBe(
      'The previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185',
    );
    expect(reasoning.at(-1)).toEqual(
      withAnthropicSignature({ type: 'reasoning-delta', text: '', part: 'last' }, signature),
    );
  });

  it('reads a call without arguments as {} and ends it', () => {
    const events = recorded('anthropic-tool-no-args.chunks.txt');
    expect(events.filter((e) => e.type.startsWith('tool-call'))).toEqual([
      {
        type: 'tool-call-start',
        index: 0,
        id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP',
        name: 'updateIssueList',
      },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' },
      { type: 'tool-call-end', index: 0 },
    ]);
    expect(events.find((e) => e.type === 'finish')).toEqual({
      type: 'finish',
      reason: 'tool_calls',
    });
  });

  it('passes streamed call arguments through as text', () => {
    const events = recorded('anthropic-json-other-tool.1.chunks.txt');
    const args = events.flatMap((e) => (e.type === 'tool-call-delta' ? [e.argumentsDelta] : []));
    expect(args.join('')).toBe('{"location": "San Francisco"}');
  });

  it('reads a refusal with its explanation before the finish', () => {
    const events = recorded('anthropic-refusal.chunks.txt');
    expect(events.slice(1, 3)).toEqual([
      {
        type: 'refusal-delta',
        text: "This request triggered restrictions on violative cyber content and was blocked under Anthropic's Usage Policy.",
      },
      { type: 'finish', reason: 'content_filter' },
    ]);
  });

  it('skips server tool blocks and their input, keeping the text, under rules', () => {
    const ctx = testContext();
    const events = recorded('anthropic-web-search-tool.1.chunks.txt', ctx);
    expect(events.some((e) => e.type.startsWith('tool-call'))).toBe(false);
    expect(events.filter((e) => e.type === 'text-delta').length).toBeGreaterThan(10);
    expect(events.at(-2)).toEqual({ type: 'finish', reason: 'stop' });
    expect(ctx.rules).toEqual([
      'anthropic.unsupported_output_block_dropped',
      'anthropic.citations_dropped',
    ]);
  });

  it('ignores a repeated message_start of the same message', () => {
    const events = recorded('duplicate-message-start.chunks.txt');
    expect(events.filter((e) => e.type === 'start')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    expect(events.at(-1)).toEqual({
      type: 'usage',
      usage: { inputTokens: 17, outputTokens: 227, totalTokens: 244 },
    });
  });

  it('fails when another message starts inside the first; its call is never ended', () => {
    const events = recorded('spliced-message-start.chunks.txt');
    expect(events.filter((e) => e.type === 'start')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      status: 502,
      code: 'upstream_invalid_response',
    });
    expect(events.some((e) => e.type === 'tool-call-end' || e.type === 'finish')).toBe(false);
  });

  it('keeps the signed thinking before a call under the call id', () => {
    const ctx = testContext();
    decode(recordedChunks('anthropic', 'spliced-message-start.chunks.txt'), ctx);
    expect(storedThinking(ctx.state, 'toolu_first')).toEqual([
      { type: 'thinking', thinking: 'I will call the tool.', signature: 'sig-first' },
    ]);
  });

  it('reads redacted thinking as one delta with its data', () => {
    const events = decode([
      start,
      line({
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'redacted_thinking', data: 'EmwKAhgB' },
      }),
      line({ type: 'content_block_stop', index: 0 }),
      line({
        type: 'message_delta',
        delta: { stop_reason: 'end_turn' },
        usage: { output_tokens: 3 },
      }),
    ]);
    expect(events[1]).toEqual(
      withAnthropicRedacted({ type: 'reasoning-delta', text: '', part: 'whole' }, 'EmwKAhgB'),
    );
  });

  it('turns an in-stream error into an error event with the status of its type', () => {
    const events = decode([
      start,
      line({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    ]);
    expect(events.at(-1)).toEqual({
      type: 'error',
      status: 529,
      message: 'Overloaded',
      code: 'overloaded_error',
    });
  });

  it('reports a cut stream after its usage, and an empty one', () => {
    const cut = decode([
      start,
      line({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      line({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } }),
    ]);
    expect(cut.slice(-2)).toMatchObject([
      { type: 'usage' },
      { type: 'error', status: 502, code: 'upstream_stream_truncated' },
    ]);
    expect(decode([])).toMatchObject([{ type: 'error', code: 'upstream_stream_truncated' }]);
  });

  it('fails on a delta for a block that never started, and on garbage', () => {
    expect(
      decode([
        start,
        line({ type: 'content_block_delta', index: 3, delta: { type: 'text_delta', text: 'x' } }),
      ]).at(-1),
    ).toMatchObject({ type: 'error', code: 'upstream_invalid_response' });
    expect(decode(['"text"']).at(-1)).toMatchObject({ type: 'error', status: 502 });
  });
});
