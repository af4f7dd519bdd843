import { describe, expect, it } from 'vitest';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { createOllamaStreamDecoder } from './ollama-stream-decoder.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';

function decode(lines: string[]): CanonicalStreamEvent[] {
  const decoder = createOllamaStreamDecoder(testContext());
  return [...lines.flatMap((data) => decoder.push({ data })), ...decoder.end()];
}

const line = (body: Record<string, unknown>) =>
  JSON.stringify({ model: 'llama3.2', created_at: '2025-07-07T20:22:19.184789Z', ...body });

describe('Ollama stream decoder', () => {
  it('reads text and thinking deltas, then finish and usage from the done line', () => {
    expect(
      decode([
        line({ message: { role: 'assistant', content: '', thinking: 'Hm.' }, done: false }),
        line({ message: { role: 'assistant', content: 'The' }, done: false }),
        line({ message: { role: 'assistant', content: ' sky' }, done: false }),
        line({
          message: { role: 'assistant', content: '' },
          done: true,
          done_reason: 'stop',
          prompt_eval_count: 26,
          eval_count: 3,
        }),
      ]),
    ).toEqual([
      {
        type: 'start',
        id: expect.stringMatching(/^ollama-/),
        model: 'llama3.2',
        created: 1751919739,
      },
      { type: 'reasoning-delta', text: 'Hm.' },
      { type: 'text-delta', text: 'The' },
      { type: 'text-delta', text: ' sky' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { inputTokens: 26, outputTokens: 3, totalTokens: 29 } },
    ]);
  });

  it('reads each whole call as start, one delta and end, the finish being tool_calls', () => {
    const events = decode([
      line({
        message: {
          role: 'assistant',
          content: '',
          tool_calls: [
            {
              id: 'call_1',
              function: { index: 0, name: 'get_weather', arguments: { city: 'Tokyo' } },
            },
            { function: { index: 1, name: 'get_time', arguments: {} } },
          ],
        },
        done: false,
      }),
      line({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' }),
    ]);
    expect(events.slice(1)).toEqual([
      { type: 'tool-call-start', index: 0, id: 'call_1', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":"Tokyo"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-start', index: 1, id: expect.stringMatching(/^call_/), name: 'get_time' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
      { type: 'tool-call-end', index: 1 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('ends with an error on an {"error"} line, with Ollama’s status when it gave one', () => {
    expect(
      decode([
        line({ message: { role: 'assistant', content: 'Hel' }, done: false }),
        '{"error":"an error was encountered while running the model"}',
      ]).at(-1),
    ).toEqual({
      type: 'error',
      status: 500,
      message: 'an error was encountered while running the model',
    });
    expect(decode(['{"error":"rate limited","status":429}'])).toEqual([
      { type: 'error', status: 429, message: 'rate limited' },
    ]);
  });

  it('says when the stream was cut or was not JSON, and skips blank lines', () => {
    expect(decode([line({ message: { content: 'x' }, done: false })]).at(-1)).toMatchObject({
      type: 'error',
      code: 'upstream_stream_truncated',
    });
    expect(decode([])).toEqual([
      expect.objectContaining({ type: 'error', message: expect.stringMatching(/without sending/) }),
    ]);
    expect(decode(['not json'])).toEqual([
      expect.objectContaining({ type: 'error', status: 502, code: 'bad_upstream_response' }),
    ]);
    expect(decode(['', line({ response: 'x', done: true })]).map((e) => e.type)).toEqual([
      'start',
      'text-delta',
      'finish',
    ]);
  });

  it('ignores what comes after the done line', () => {
    const events = decode([
      line({ message: { content: '' }, done: true }),
      line({ message: { content: 'late' }, done: false }),
    ]);
    expect(events.map((e) => e.type)).toEqual(['start', 'finish']);
  });
});
