import { describe, expect, it } from 'vitest';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import { withResponsesReasoning } from '../responses/responses-state.ts';
import { withAnthropicRedacted, withAnthropicSignature } from './anthropic-state.ts';
import {
  encodeStream,
  sseRecords,
  testEncodeContext,
  type SseRecord,
} from '../../../../test/doubles/formats/anthropic-test-support.ts';

const start: CanonicalStreamEvent = { type: 'start', id: 'up', model: 'up-model', created: 1 };

/** The records without message_start / message_delta / message_stop, as compact tuples. */
function blocks(records: SseRecord[]): unknown[] {
  return records
    .filter((r) => r.event.startsWith('content_block'))
    .map((r) => {
      const { type: _type, ...rest } = r.data;
      return [r.event, rest];
    });
}

describe('Anthropic stream encoder: wire shape', () => {
  it('writes a text stream: message_start, one block, message_delta with usage, message_stop', () => {
    const records = sseRecords(
      encodeStream([
        start,
        { type: 'text-delta', text: 'Hel' },
        { type: 'text-delta', text: 'lo' },
        { type: 'finish', reason: 'stop' },
        {
          type: 'usage',
          usage: {
            inputTokens: 120,
            outputTokens: 9,
            totalTokens: 129,
            cachedInputTokens: 100,
            cacheWriteInputTokens: 5,
          },
        },
      ]),
    );
    expect(records.map((r) => r.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(records[0]!.data.message).toMatchObject({
      id: 'msg_gateway1',
      model: 'client-model',
      role: 'assistant',
      content: [],
      stop_reason: null,
    });
    expect(records[1]!.data).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '', citations: null },
    });
    expect(records[5]!.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null, stop_details: null, container: null },
      usage: {
        input_tokens: 15,
        cache_creation_input_tokens: 5,
        cache_read_input_tokens: 100,
        output_tokens: 9,
        output_tokens_details: null,
        server_tool_use: null,
      },
    });
  });

  it('writes thinking with its tagged signature before the stop, then text in a new block', () => {
    const ctx = testEncodeContext({ reasoning: { includeThoughts: true } });
    const records = sseRecords(
      encodeStream(
        [
          start,
          { type: 'reasoning-delta', text: 'Let me ' },
          withGeminiSignature({ type: 'reasoning-delta', text: 'think.' }, 'GEMSIG'),
          { type: 'reasoning-delta', text: 'More.' },
          { type: 'text-delta', text: 'Done.' },
          withGeminiSignature({ type: 'reasoning-delta', text: '' }, 'TEXTSIG'),
          { type: 'finish', reason: 'stop' },
        ],
        ctx,
      ),
    );
    expect(blocks(records)).toEqual([
      [
        'content_block_start',
        { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      ],
      ['content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'Let me ' } }],
      ['content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'think.' } }],
      [
        'content_block_delta',
        { index: 0, delta: { type: 'signature_delta', signature: 'mgw1:gemini:GEMSIG' } },
      ],
      ['content_block_stop', { index: 0 }],
      [
        'content_block_start',
        { index: 1, content_block: { type: 'thinking', thinking: '', signature: '' } },
      ],
      ['content_block_delta', { index: 1, delta: { type: 'thinking_delta', thinking: 'More.' } }],
      ['content_block_stop', { index: 1 }],
      [
        'content_block_start',
        { index: 2, content_block: { type: 'text', text: '', citations: null } },
      ],
      ['content_block_delta', { index: 2, delta: { type: 'text_delta', text: 'Done.' } }],
      ['content_block_stop', { index: 2 }],
      [
        'content_block_start',
        { index: 3, content_block: { type: 'thinking', thinking: '', signature: '' } },
      ],
      [
        'content_block_delta',
        { index: 3, delta: { type: 'signature_delta', signature: 'mgw1:gemini:TEXTSIG' } },
      ],
      ['content_block_stop', { index: 3 }],
    ]);
  });

  it("writes Anthropic's own signature and redacted thinking as they came", () => {
    const ctx = testEncodeContext({ reasoning: { includeThoughts: true } });
    const records = sseRecords(
      encodeStream(
        [
          start,
          withAnthropicRedacted({ type: 'reasoning-delta', text: '', part: 'whole' }, 'REDACTED'),
          { type: 'reasoning-delta', text: 'Hmm.' },
          withAnthropicSignature({ type: 'reasoning-delta', text: '', part: 'last' }, 'EqQB'),
        ],
        ctx,
      ),
    );
    expect(blocks(records)).toEqual([
      [
        'content_block_start',
        { index: 0, content_block: { type: 'redacted_thinking', data: 'REDACTED' } },
      ],
      ['content_block_stop', { index: 0 }],
      [
        'content_block_start',
        { index: 1, content_block: { type: 'thinking', thinking: '', signature: '' } },
      ],
      ['content_block_delta', { index: 1, delta: { type: 'thinking_delta', thinking: 'Hmm.' } }],
      ['content_block_delta', { index: 1, delta: { type: 'signature_delta', signature: 'EqQB' } }],
      ['content_block_stop', { index: 1 }],
    ]);
  });

  it('leaves thought text out when the client did not ask for thinking; unsigned thoughts vanish', () => {
    const ctx = testEncodeContext();
    const records = sseRecords(
      encodeStream(
        [
          start,
          { type: 'reasoning-delta', text: 'private' },
          withResponsesReasoning({ type: 'reasoning-delta', text: 'sealed' }, 'gAAAA', 'rs_1'),
          { type: 'text-delta', text: 'Hi' },
        ],
        ctx,
      ),
    );
    expect(blocks(records).slice(0, 3)).toEqual([
      [
        'content_block_start',
        { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      ],
      [
        'content_block_delta',
        { index: 0, delta: { type: 'signature_delta', signature: 'mgw1:openai:rs_1:gAAAA' } },
      ],
      ['content_block_stop', { index: 0 }],
    ]);
    expect(ctx.rules).toEqual(['anthropic.thinking_omitted']);
  });

  it('serialises interleaved parallel calls: the second waits until the first ends', () => {
    const records = sseRecords(
      encodeStream([
        start,
        { type: 'text-delta', text: 'Checking.' },
        { type: 'tool-call-start', index: 0, id: 'call_a', name: 'weather' },
        { type: 'tool-call-start', index: 1, id: 'call_b', name: 'time' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
        { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
        withGeminiSignature({ type: 'tool-call-end', index: 0 }, 'CALLSIG'),
        { type: 'tool-call-end', index: 1 },
        { type: 'finish', reason: 'tool_calls' },
      ]),
    );
    expect(blocks(records)).toEqual([
      [
        'content_block_start',
        { index: 0, content_block: { type: 'text', text: '', citations: null } },
      ],
      ['content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Checking.' } }],
      ['content_block_stop', { index: 0 }],
      [
        'content_block_start',
        {
          index: 1,
          content_block: {
            type: 'tool_use',
            id: 'call_a',
            name: 'weather',
            input: {},
            caller: { type: 'direct' },
          },
        },
      ],
      [
        'content_block_delta',
        { index: 1, delta: { type: 'input_json_delta', partial_json: '{"city":' } },
      ],
      [
        'content_block_delta',
        { index: 1, delta: { type: 'input_json_delta', partial_json: '"Paris"}' } },
      ],
      ['content_block_stop', { index: 1 }],
      [
        'content_block_start',
        {
          index: 2,
          content_block: {
            type: 'tool_use',
            id: 'call_b',
            name: 'time',
            input: {},
            caller: { type: 'direct' },
          },
        },
      ],
      [
        'content_block_delta',
        { index: 2, delta: { type: 'input_json_delta', partial_json: '{}' } },
      ],
      ['content_block_stop', { index: 2 }],
    ]);
    expect(records.at(-2)!.data.delta).toMatchObject({ stop_reason: 'tool_use' });
  });

  it('closes calls a cut stream never ended, at the end', () => {
    const records = sseRecords(
      encodeStream([
        start,
        { type: 'tool-call-start', index: 0, id: 'a', name: 'f' },
        { type: 'tool-call-start', index: 1, id: 'b', name: 'g' },
        { type: 'tool-call-delta', index: 1, argumentsDelta: '{"x":1}' },
        { type: 'text-delta', text: 'late' },
      ]),
    );
    expect(
      records
        .filter((r) => r.event === 'content_block_start')
        .map((r) => (r.data.content_block as { type: string }).type),
    ).toEqual(['tool_use', 'tool_use', 'text']);
    expect(records.filter((r) => r.event === 'content_block_stop')).toHaveLength(3);
  });

  it('writes a content-filter refusal as the refusal stop, other refusals as text', () => {
    const filtered = sseRecords(
      encodeStream([
        start,
        { type: 'refusal-delta', text: 'Blocked.' },
        { type: 'finish', reason: 'content_filter' },
      ]),
    );
    expect(blocks(filtered)).toEqual([]);
    expect(filtered.at(-2)!.data.delta).toEqual({
      stop_reason: 'refusal',
      stop_sequence: null,
      stop_details: { type: 'refusal', category: null, explanation: 'Blocked.' },
      container: null,
    });
    const ctx = testEncodeContext();
    const plain = sseRecords(
      encodeStream(
        [start, { type: 'refusal-delta', text: 'No.' }, { type: 'finish', reason: 'stop' }],
        ctx,
      ),
    );
    expect(blocks(plain)[1]).toEqual([
      'content_block_delta',
      { index: 0, delta: { type: 'text_delta', text: 'No.' } },
    ]);
    expect(ctx.rules).toEqual(['anthropic.refusal_as_text']);
  });

  it('ends with an error event, the SDK error shape, and writes nothing after it', () => {
    const sse = encodeStream([
      start,
      { type: 'text-delta', text: 'Hi' },
      { type: 'error', status: 529, message: 'Overloaded', code: 'overloaded_error' },
      { type: 'text-delta', text: 'ignored' },
    ]);
    const records = sseRecords(sse);
    expect(records.at(-1)).toEqual({
      event: 'error',
      data: {
        type: 'error',
        error: { type: 'overloaded_error', message: 'Overloaded' },
        request_id: 'req_test',
      },
    });
    expect(sse).not.toContain('ignored');
    expect(sse).not.toContain('message_stop');
  });

  it('writes an answer with no usage and no finish as end_turn with null counts', () => {
    const records = sseRecords(encodeStream([start]));
    expect(records.map((r) => r.event)).toEqual(['message_start', 'message_delta', 'message_stop']);
    expect(records[1]!.data.usage).toEqual({
      input_tokens: null,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      output_tokens: 0,
      output_tokens_details: null,
      server_tool_use: null,
    });
  });
});
