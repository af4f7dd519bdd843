import { describe, expect, it } from 'vitest';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { recordedChunks, recordedNames } from '../../../../test/recorded-fixtures.ts';
import { createResponsesStreamDecoder } from './responses-stream-decoder.ts';
import { responsesReasoning, withResponsesReasoning } from './responses-state.ts';
import { testContext } from '../../../../test/doubles/formats/responses-test-support.ts';

type Ctx = ReturnType<typeof testContext>;

function decode(lines: string[], ctx: Ctx = testContext()): CanonicalStreamEvent[] {
  const decoder = createResponsesStreamDecoder(ctx);
  // The live API repeats the type on an `event:` line; the recordings kept only `data:`.
  const events = lines.flatMap((data) => decoder.push({ data, event: undefined, id: undefined }));
  return [...events, ...decoder.end()];
}

/** A file holding several complete streams (one per agent step), split at each `response.created`. */
function streamsOf(lines: string[]): string[][] {
  const streams: string[][] = [];
  for (const line of lines) {
    if ((JSON.parse(line) as { type: string }).type === 'response.created') streams.push([]);
    streams.at(-1)?.push(line);
  }
  return streams;
}

const texts = (events: CanonicalStreamEvent[], type: 'text-delta' | 'reasoning-delta') =>
  events.flatMap((e) => (e.type === type ? [e.text] : [])).join('');

const argumentsOf = (events: CanonicalStreamEvent[], index: number) =>
  events
    .flatMap((e) => (e.type === 'tool-call-delta' && e.index === index ? [e.argumentsDelta] : []))
    .join('');

const ofType = <T extends CanonicalStreamEvent['type']>(events: CanonicalStreamEvent[], type: T) =>
  events.filter((e): e is Extract<CanonicalStreamEvent, { type: T }> => e.type === type);

/** The `.done` texts of a recording, which the decoded deltas must add up to. */
function doneTexts(lines: string[], type: string, field: string): string {
  return lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((event) => event.type === type)
    .map((event) => String(event[field]))
    .join('');
}

describe('responses stream decoder on the recorded streams', () => {
  it.each(recordedNames('responses', '.chunks.txt'))(
    '%s: starts once (if at all) and ends in exactly one finish or error',
    (name) => {
      for (const stream of streamsOf(recordedChunks('responses', name)).concat(
        name === 'openai-error-null-code.chunks.txt' ? [recordedChunks('responses', name)] : [],
      )) {
        const events = decode(stream);
        expect(ofType(events, 'start').length).toBeLessThanOrEqual(1);
        const last = events.at(-1);
        expect(['finish', 'error']).toContain(last?.type);
        expect(events.filter((e) => e.type === 'finish' || e.type === 'error')).toHaveLength(1);
      }
    },
  );

  it('azure-text: one text delta, stop, usage', () => {
    const events = decode(recordedChunks('responses', 'azure-text.1.chunks.txt'));
    expect(events[0]).toEqual({
      type: 'start',
      id: 'resp_02ce8deeb6197db200698c5196e9588197a572bbea62d38cd1',
      model: 'gpt-5.1',
      created: 1770803606,
    });
    expect(ofType(events, 'text-delta')).toEqual([{ type: 'text-delta', text: 'Hello' }]);
    expect(ofType(events, 'usage')[0]?.usage).toEqual({
      inputTokens: 11,
      outputTokens: 11,
      totalTokens: 22,
      cachedInputTokens: 0,
      reasoningTokens: 0,
    });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('azure-tool-call: arguments in six deltas, then end and tool_calls', () => {
    const events = decode(recordedChunks('responses', 'azure-tool-call.1.chunks.txt'));
    expect(ofType(events, 'tool-call-start')).toEqual([
      { type: 'tool-call-start', index: 0, id: 'call_H5DxLSFnsGhiROnUiDHmgyc8', name: 'weather' },
    ]);
    expect(ofType(events, 'tool-call-delta')).toHaveLength(6);
    expect(argumentsOf(events, 0)).toBe('{"location":"San Francisco"}');
    expect(ofType(events, 'tool-call-end')).toEqual([{ type: 'tool-call-end', index: 0 }]);
    expect(ofType(events, 'usage')[0]?.usage).toMatchObject({
      inputTokens: 45,
      outputTokens: 24,
      totalTokens: 69,
    });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls' });
  });

  it('github-copilot-id-rotation: correlates by output_index although every item id differs', () => {
    const lines = recordedChunks('responses', 'github-copilot-id-rotation.1.chunks.txt');
    const events = decode(lines);
    expect(events[0]).toMatchObject({ type: 'start', id: 'capture-id-1', model: 'gpt-5.3-codex' });
    expect(texts(events, 'reasoning-delta')).toBe('**Counting character occurrences**');
    const text = texts(events, 'text-delta');
    expect(text).toBe(doneTexts(lines, 'response.output_text.done', 'text'));
    expect(text).toMatch(/^There are \*\*3\*\* letter/);
    // `encrypted_content: null` is no opaque state: nothing to keep.
    expect(ofType(events, 'reasoning-delta').some((e) => e.state !== undefined)).toBe(false);
    expect(ofType(events, 'usage')[0]?.usage).toEqual({
      inputTokens: 19,
      outputTokens: 105,
      totalTokens: 124,
      cachedInputTokens: 0,
      reasoningTokens: 44,
    });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('openai-phase: two messages; text the capture trimmed from the deltas comes from `.done`', () => {
    const lines = recordedChunks('responses', 'openai-phase.1.chunks.txt');
    const events = decode(lines);
    const text = texts(events, 'text-delta');
    expect(text).toBe(doneTexts(lines, 'response.output_text.done', 'text'));
    expect(text.startsWith('Got it — I’ll quickly check')).toBe(true);
    expect(text).toContain('Here are a few **AI headlines for today');
    expect(ofType(events, 'usage')[0]?.usage).toEqual({
      inputTokens: 7112,
      outputTokens: 463,
      totalTokens: 7575,
      cachedInputTokens: 3072,
      reasoningTokens: 64,
    });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('openai-issue-11239 step 1: encrypted reasoning kept byte-exact and stored for the call', () => {
    const lines = recordedChunks('responses', 'openai-issue-11239.1.chunks.txt');
    const ctx = testContext();
    const events = decode(lines, ctx);
    const doneLine = lines.find(
      (l) => l.includes('"response.output_item.done"') && l.includes('"reasoning"'),
    );
    const doneItem = (
      JSON.parse(doneLine ?? '{}') as { item: { encrypted_content: string; id: string } }
    ).item;
    const sealed = ofType(events, 'reasoning-delta').filter((e) => e.state !== undefined);
    expect(sealed).toEqual([
      withResponsesReasoning(
        { type: 'reasoning-delta', text: '' },
        doneItem.encrypted_content,
        doneItem.id,
      ),
    ]);
    // The `.done` blob, not the different one `output_item.added` carried.
    expect(doneItem.encrypted_content.startsWith('gAAAAABqyUi1zGMg')).toBe(true);
    expect(ofType(events, 'tool-call-start')).toEqual([
      {
        type: 'tool-call-start',
        index: 0,
        id: 'call_LUBOONF2cY8HDQdBwiEQ9fk1',
        name: 'lookupCode',
      },
    ]);
    expect(argumentsOf(events, 0)).toBe('{}');
    const stored = ctx.stateMap.get('rs:call_LUBOONF2cY8HDQdBwiEQ9fk1');
    expect(stored).toBe(JSON.stringify(doneItem));
    expect(ofType(events, 'usage')[0]?.usage).toEqual({
      inputTokens: 55,
      outputTokens: 25,
      totalTokens: 80,
      cachedInputTokens: 0,
      reasoningTokens: 9,
    });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls' });
  });

  it('openai-issue-11239 step 2: three text deltas', () => {
    const events = decode(recordedChunks('responses', 'openai-issue-11239.2.chunks.txt'));
    expect(ofType(events, 'text-delta').map((e) => e.text)).toEqual(['blue', '-', '42']);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('openai-reasoning-encrypted-content: four agent steps, summary then calls, then text', () => {
    const ctx = testContext();
    const steps = streamsOf(
      recordedChunks('responses', 'openai-reasoning-encrypted-content.1.chunks.txt'),
    );
    expect(steps).toHaveLength(4);
    const [one, two, three, four] = steps.map((lines) => decode(lines, ctx));
    expect(texts(one ?? [], 'reasoning-delta')).toBe(
      "**Calculating step-by-step using calculator**\n\nI'll compute 12 plus 7, then multiply the result by 3, and finally multiply that by 10, reporting the final product.",
    );
    expect(
      ofType(one ?? [], 'reasoning-delta').filter((e) => responsesReasoning(e).encrypted),
    ).toHaveLength(1);
    expect(argumentsOf(one ?? [], 0)).toBe('{"a":12,"b":7,"op":"add"}');
    expect(ctx.stateMap.get('rs:call_AB6AaRZ1FYZB2RwS6A5vbdqn')).toContain(
      '"id":"rs_01830d662ab3856501693c321405c88190be3ab04d5782d5f9"',
    );
    expect(argumentsOf(two ?? [], 0)).toBe('{"a":19,"b":3,"op":"multiply"}');
    expect(argumentsOf(three ?? [], 0)).toBe('{"a":57,"b":10,"op":"multiply"}');
    // Calls without reasoning in front of them store nothing.
    expect(ctx.stateMap.has('rs:call_Q6pW65MUgW9vF59BmItYGos3')).toBe(false);
    expect(texts(four ?? [], 'text-delta')).toBe('The final result is **570**.');
    expect((four ?? []).at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(ofType(four ?? [], 'usage')[0]?.usage).toMatchObject({
      inputTokens: 299,
      outputTokens: 12,
    });
  });

  it('openai-error: the nested error event becomes a 429 with its code; response.failed adds nothing', () => {
    const events = decode(recordedChunks('responses', 'openai-error.1.chunks.txt'));
    expect(events.map((e) => e.type)).toEqual(['start', 'error']);
    expect(events[1]).toEqual({
      type: 'error',
      status: 429,
      code: 'insufficient_quota',
      message: expect.stringMatching(/^You exceeded your current quota/) as unknown as string,
    });
  });

  it('openai-error-null-code: a lone error event with code null is a 500 server_error', () => {
    const events = decode(recordedChunks('responses', 'openai-error-null-code.chunks.txt'));
    expect(events).toEqual([
      {
        type: 'start',
        id: expect.any(String) as unknown as string,
        model: '',
        created: expect.any(Number) as unknown as number,
      },
      {
        type: 'error',
        status: 500,
        code: 'server_error',
        message: 'An error occurred while processing the request.',
      },
    ]);
  });
});

const line = (event: Record<string, unknown>) => JSON.stringify(event);
const created = line({
  type: 'response.created',
  sequence_number: 0,
  response: { id: 'resp_1', model: 'm', created_at: 5 },
});

describe('responses stream decoder, edge cases', () => {
  it('maps response.incomplete to length or content_filter', () => {
    for (const [reason, expected] of [
      ['max_output_tokens', 'length'],
      ['content_filter', 'content_filter'],
    ] as const) {
      const events = decode([
        created,
        line({
          type: 'response.incomplete',
          response: { id: 'resp_1', incomplete_details: { reason } },
        }),
      ]);
      expect(events.at(-1)).toEqual({ type: 'finish', reason: expected });
    }
  });

  it('turns response.failed without an error event into an error that keeps its code', () => {
    const events = decode([
      created,
      line({
        type: 'response.failed',
        response: {
          id: 'resp_1',
          status: 'failed',
          error: { code: 'rate_limit_exceeded', message: 'slow down' },
        },
      }),
    ]);
    expect(events.at(-1)).toEqual({
      type: 'error',
      status: 429,
      code: 'rate_limit_exceeded',
      message: 'slow down',
    });
  });

  it('reads the flat error shape and ignores everything after the error', () => {
    const events = decode([
      created,
      line({ type: 'error', code: 'invalid_prompt', message: 'no', param: null }),
      line({
        type: 'response.output_text.delta',
        output_index: 0,
        content_index: 0,
        delta: 'late',
      }),
    ]);
    expect(events.slice(1)).toEqual([
      { type: 'error', status: 400, code: 'invalid_prompt', message: 'no' },
    ]);
  });

  it('reports a stream cut before its terminal event, and a non-JSON event', () => {
    expect(decode([created]).at(-1)).toMatchObject({ type: 'error', status: 502 });
    expect(decode([created, 'not json']).at(-1)).toMatchObject({ type: 'error', status: 502 });
  });

  it('ignores [DONE], keepalives and built-in tool events', () => {
    const events = decode([
      created,
      line({ type: 'keepalive', sequence_number: 1 }),
      line({ type: 'response.web_search_call.searching', output_index: 0, item_id: 'ws' }),
      line({ type: 'response.completed', response: { id: 'resp_1', status: 'completed' } }),
      '[DONE]',
    ]);
    expect(events.map((e) => e.type)).toEqual(['start', 'finish']);
  });

  it('passes arguments that only arrive whole on `.done`, and synthesises a missing call id', () => {
    const events = decode([
      created,
      line({
        type: 'response.output_item.added',
        output_index: 0,
        item: { type: 'function_call', id: 'fc', name: 'f' },
      }),
      line({
        type: 'response.output_item.done',
        output_index: 0,
        item: { type: 'function_call', id: 'fc', name: 'f', arguments: '{"a":1}' },
      }),
      line({ type: 'response.completed', response: { id: 'resp_1', status: 'completed' } }),
    ]);
    const started = ofType(events, 'tool-call-start')[0];
    expect(started?.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(ofType(events, 'tool-call-delta')).toEqual([
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":1}' },
    ]);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool_calls' });
  });

  it('counts tool-call indexes by calls, not output items, and routes interleaved deltas', () => {
    const events = decode([
      created,
      line({
        type: 'response.output_item.added',
        output_index: 0,
        item: { type: 'message', id: 'm' },
      }),
      line({
        type: 'response.output_item.added',
        output_index: 1,
        item: { type: 'function_call', call_id: 'a', name: 'f' },
      }),
      line({
        type: 'response.output_item.added',
        output_index: 2,
        item: { type: 'function_call', call_id: 'b', name: 'g' },
      }),
      line({ type: 'response.function_call_arguments.delta', output_index: 2, delta: '{"b":' }),
      line({ type: 'response.function_call_arguments.delta', output_index: 1, delta: '{}' }),
      line({ type: 'response.function_call_arguments.delta', output_index: 2, delta: '2}' }),
    ]);
    expect(ofType(events, 'tool-call-start').map((e) => [e.index, e.id])).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
    expect(argumentsOf(events, 0)).toBe('{}');
    expect(argumentsOf(events, 1)).toBe('{"b":2}');
  });

  it('passes refusals and separates reasoning summary parts with a blank line', () => {
    const events = decode([
      created,
      line({
        type: 'response.reasoning_summary_text.delta',
        output_index: 0,
        summary_index: 0,
        delta: 'one',
      }),
      line({
        type: 'response.reasoning_summary_text.delta',
        output_index: 0,
        summary_index: 1,
        delta: 'two',
      }),
      line({ type: 'response.refusal.delta', output_index: 1, content_index: 0, delta: 'No.' }),
    ]);
    expect(texts(events, 'reasoning-delta')).toBe('one\n\ntwo');
    expect(ofType(events, 'refusal-delta')).toEqual([{ type: 'refusal-delta', text: 'No.' }]);
  });
});
