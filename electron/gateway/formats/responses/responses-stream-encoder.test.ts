import { describe, expect, it } from 'vitest';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { createResponsesStreamEncoder } from './responses-stream-encoder.ts';
import { withResponsesReasoning } from './responses-state.ts';
import {
  encodeStream,
  testEncodeContext,
} from '../../../../test/doubles/formats/responses-test-support.ts';

type Record_ = Record<string, unknown>;

/** Parses the SSE text, checking that each record's `event:` line matches its `type`. */
function records(sse: string): Record_[] {
  expect(sse.endsWith('\n\n')).toBe(true);
  return sse
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const [eventLine, dataLine, ...rest] = block.split('\n');
      expect(rest).toEqual([]);
      const data = JSON.parse((dataLine ?? '').replace(/^data: /, '')) as Record_;
      expect(eventLine).toBe(`event: ${String(data.type)}`);
      return data;
    });
}

const types = (events: Record_[]) => events.map((e) => e.type);
const start: CanonicalStreamEvent = {
  type: 'start',
  id: 'up_1',
  model: 'up-model',
  created: 1700000000,
};
const usage: CanonicalStreamEvent = {
  type: 'usage',
  usage: {
    inputTokens: 10,
    outputTokens: 5,
    totalTokens: 15,
    cachedInputTokens: 4,
    reasoningTokens: 2,
  },
};

/** the rules openai-node's ResponseStream enforces, checked on our output. */
function expectWellFormed(events: Record_[]): void {
  expect(events[0]?.type).toBe('response.created');
  expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
  const ids = new Set(
    events.filter((e) => isResponse(e.response)).map((e) => (e.response as Record_).id),
  );
  expect(ids).toEqual(new Set(['resp_test123']));
  const items: Record_[] = [];
  const parts = new Map<number, number>();
  for (const event of events) {
    if (event.type === 'response.output_item.added') {
      expect(event.output_index).toBe(items.length);
      items.push(event.item as Record_);
      continue;
    }
    if (typeof event.output_index !== 'number') continue;
    const item = items[event.output_index];
    expect(item).toBeDefined();
    if ('item_id' in event) expect(event.item_id).toBe(item?.id);
    if (event.type === 'response.content_part.added') {
      const next = parts.get(event.output_index) ?? 0;
      expect(event.content_index).toBe(next);
      parts.set(event.output_index, next + 1);
    }
    if (event.type === 'response.output_text.delta' || event.type === 'response.refusal.delta')
      expect(event.content_index).toBeLessThan(parts.get(event.output_index) ?? 0);
  }
}

const isResponse = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && 'id' in value;

const terminalOf = (events: Record_[]) => events.at(-1)?.response as Record_;

describe('responses stream encoder', () => {
  it('writes the simple text lifecycle', () => {
    const events = records(
      encodeStream([
        start,
        { type: 'text-delta', text: 'Hel' },
        { type: 'text-delta', text: 'lo' },
        { type: 'finish', reason: 'stop' },
        usage,
      ]),
    );
    expectWellFormed(events);
    expect(types(events)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const created = events[0]?.response as Record_;
    expect(created).toMatchObject({ status: 'in_progress', output: [], created_at: 1700000000 });
    // Not known yet: absent, since the schema and the types have no null usage.
    expect(created).not.toHaveProperty('usage');
    expect(events[1]?.response).not.toHaveProperty('usage');
    expect(events[4]).toMatchObject({
      delta: 'Hel',
      logprobs: [],
      content_index: 0,
      output_index: 0,
    });
    expect(events[6]).toMatchObject({ text: 'Hello' });
    const done = events[8]?.item as Record_;
    expect(done).toMatchObject({ type: 'message', status: 'completed', role: 'assistant' });
    expect(String(done.id)).toMatch(/^msg_/);
    const final = terminalOf(events);
    expect(final.status).toBe('completed');
    expect(final.output).toEqual([done]);
    expect(final).not.toHaveProperty('output_text');
    expect(final.usage).toEqual({
      input_tokens: 10,
      input_tokens_details: { cached_tokens: 4, cache_write_tokens: 0 },
      output_tokens: 5,
      output_tokens_details: { reasoning_tokens: 2 },
      total_tokens: 15,
    });
  });

  it('echoes the client request and the model it asked for', () => {
    const ctx = testEncodeContext({
      model: 'client-model',
      input: 'x',
      instructions: 'Be brief.',
      temperature: 0.3,
      tools: [{ type: 'function', name: 'f', parameters: {}, strict: false }],
      tool_choice: 'required',
      metadata: { k: 'v' },
      previous_response_id: 'resp_prev',
    });
    const created = records(encodeStream([start], ctx))[0]?.response as Record_;
    expect(created).toMatchObject({
      id: 'resp_test123',
      object: 'response',
      model: 'client-model',
      instructions: 'Be brief.',
      temperature: 0.3,
      top_p: null,
      tool_choice: 'required',
      tools: [{ type: 'function', name: 'f', parameters: {}, strict: false }],
      parallel_tool_calls: true,
      metadata: { k: 'v' },
      previous_response_id: 'resp_prev',
      error: null,
      incomplete_details: null,
    });
  });

  it('puts a reasoning item before the message when reasoning comes first', () => {
    const events = records(
      encodeStream([
        start,
        { type: 'reasoning-delta', text: 'Think' },
        { type: 'reasoning-delta', text: 'ing' },
        { type: 'text-delta', text: 'Answer' },
        { type: 'finish', reason: 'stop' },
      ]),
    );
    expectWellFormed(events);
    expect(types(events).slice(2, 9)).toEqual([
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
    ]);
    const final = terminalOf(events);
    const [reasoning, message] = final.output as Record_[];
    expect(reasoning).toMatchObject({
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'Thinking' }],
    });
    expect(String(reasoning?.id)).toMatch(/^rs_/);
    expect(message?.type).toBe('message');
    // No usage event came: the terminal still arrives at end(), without usage.
    expect(final).not.toHaveProperty('usage');
  });

  it('keeps encrypted reasoning on the item under its upstream id', () => {
    const events = records(
      encodeStream([
        start,
        withResponsesReasoning({ type: 'reasoning-delta', text: '' }, 'gAAA==', 'rs_up'),
        { type: 'tool-call-start', index: 0, id: 'call_1', name: 'f' },
        { type: 'tool-call-end', index: 0 },
        { type: 'finish', reason: 'tool_calls' },
      ]),
    );
    expectWellFormed(events);
    expect((terminalOf(events).output as Record_[])[0]).toEqual({
      id: 'rs_up',
      type: 'reasoning',
      summary: [],
      encrypted_content: 'gAAA==',
    });
  });

  it('closes the message before a tool call and routes interleaved argument deltas', () => {
    const events = records(
      encodeStream([
        start,
        { type: 'text-delta', text: 'Let me check.' },
        { type: 'tool-call-start', index: 0, id: 'call_a', name: 'weather' },
        { type: 'tool-call-start', index: 1, id: 'call_b', name: 'time' },
        { type: 'tool-call-delta', index: 1, argumentsDelta: '{"tz":' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":"Paris"}' },
        { type: 'tool-call-delta', index: 1, argumentsDelta: '"CET"}' },
        { type: 'finish', reason: 'tool_calls' },
        usage,
      ]),
    );
    expectWellFormed(events);
    const messageDone = events.findIndex((e) => e.type === 'response.output_item.done');
    const firstCall = events.findIndex(
      (e) =>
        e.type === 'response.output_item.added' && (e.item as Record_).type === 'function_call',
    );
    expect(messageDone).toBeLessThan(firstCall);
    const argsDone = events.filter((e) => e.type === 'response.function_call_arguments.done');
    // The schema requires the function's `name` on `.done`.
    expect(argsDone.map((e) => [e.output_index, e.name, e.arguments])).toEqual([
      [1, 'weather', '{"city":"Paris"}'],
      [2, 'time', '{"tz":"CET"}'],
    ]);
    const final = terminalOf(events);
    expect(final.status).toBe('completed');
    expect((final.output as Record_[]).slice(1)).toEqual([
      expect.objectContaining({
        type: 'function_call',
        status: 'completed',
        call_id: 'call_a',
        name: 'weather',
        arguments: '{"city":"Paris"}',
      }),
      expect.objectContaining({
        type: 'function_call',
        status: 'completed',
        call_id: 'call_b',
        name: 'time',
        arguments: '{"tz":"CET"}',
      }),
    ]);
  });

  it('ends a cut-off answer with response.incomplete and incomplete items', () => {
    for (const [reason, detail] of [
      ['length', 'max_output_tokens'],
      ['content_filter', 'content_filter'],
    ] as const) {
      const events = records(
        encodeStream([
          start,
          { type: 'text-delta', text: 'Par' },
          { type: 'finish', reason },
          usage,
        ]),
      );
      expectWellFormed(events);
      const last = events.at(-1);
      expect(last?.type).toBe('response.incomplete');
      expect(terminalOf(events)).toMatchObject({
        status: 'incomplete',
        incomplete_details: { reason: detail },
      });
      expect((terminalOf(events).output as Record_[])[0]?.status).toBe('incomplete');
    }
  });

  it('writes refusals as a refusal content part', () => {
    const events = records(
      encodeStream([
        start,
        { type: 'refusal-delta', text: 'I cannot help.' },
        { type: 'finish', reason: 'stop' },
      ]),
    );
    expectWellFormed(events);
    expect(types(events)).toContain('response.refusal.delta');
    expect(events.find((e) => e.type === 'response.refusal.done')).toMatchObject({
      refusal: 'I cannot help.',
    });
    expect((terminalOf(events).output as Record_[])[0]?.content).toEqual([
      { type: 'refusal', refusal: 'I cannot help.' },
    ]);
  });

  it('writes the terminal as soon as finish and usage both arrived, in either order', () => {
    const encoder = createResponsesStreamEncoder(testEncodeContext());
    encoder.encode(start);
    expect(encoder.encode(usage)).not.toContain('response.completed');
    expect(encoder.encode({ type: 'finish', reason: 'stop' })).toContain(
      'event: response.completed',
    );
    expect(encoder.end()).toBe('');
  });

  it('on error writes an error record and response.failed, and end() adds nothing', () => {
    const encoder = createResponsesStreamEncoder(testEncodeContext());
    const head = encoder.encode(start) + encoder.encode({ type: 'text-delta', text: 'Hi' });
    const tail = encoder.encode({
      type: 'error',
      status: 429,
      message: 'Slow down',
      code: 'rate_limit_exceeded',
    });
    expect(encoder.end()).toBe('');
    expect(encoder.encode({ type: 'text-delta', text: 'late' })).toBe('');
    const events = records(head + tail);
    expectWellFormed(events);
    expect(events.slice(-2)).toEqual([
      {
        type: 'error',
        code: 'rate_limit_exceeded',
        message: 'Slow down',
        param: null,
        sequence_number: events.length - 2,
      },
      expect.objectContaining({ type: 'response.failed' }),
    ]);
    expect(terminalOf(events)).toMatchObject({
      status: 'failed',
      error: { code: 'rate_limit_exceeded', message: 'Slow down' },
    });
  });

  it('keeps a code outside the schema on the error record, and in the failed message', () => {
    const events = records(
      encodeStream([
        start,
        {
          type: 'error',
          status: 502,
          message: 'The upstream connection closed mid-stream.',
          code: 'upstream_disconnected',
        },
      ]),
    );
    expect(events.at(-2)).toMatchObject({ type: 'error', code: 'upstream_disconnected' });
    const failed = terminalOf(events);
    expect(failed.error).toEqual({
      code: 'server_error',
      message: 'The upstream connection closed mid-stream. (upstream_disconnected)',
    });
    expect(failed).not.toHaveProperty('usage');
  });

  it('ends with created, in_progress and completed even when nothing arrived', () => {
    const events = records(encodeStream([]));
    expect(types(events)).toEqual([
      'response.created',
      'response.in_progress',
      'response.completed',
    ]);
    expect(terminalOf(events).output).toEqual([]);
  });

  it('closes open items at end() when no finish came', () => {
    const events = records(
      encodeStream([
        start,
        { type: 'tool-call-start', index: 0, id: 'call_x', name: 'f' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' },
      ]),
    );
    expectWellFormed(events);
    expect(types(events).slice(-3)).toEqual([
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
  });

  it('maps a canonical error finish to response.failed', () => {
    const events = records(encodeStream([start, { type: 'finish', reason: 'error' }]));
    expect(events.at(-1)?.type).toBe('response.failed');
    expect(terminalOf(events)).toMatchObject({ status: 'failed', error: { code: 'server_error' } });
  });
});
