import { describe, expect, it } from 'vitest';
import { ollamaCreatedSeconds, ollamaResponseToCanonical } from './ollama-response-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';

describe('ollamaResponseToCanonical', () => {
  it('reads the documented non-streamed tool answer', () => {
    const response = ollamaResponseToCanonical(
      {
        model: 'llama3.2',
        created_at: '2025-07-07T20:32:53.844124Z',
        message: {
          role: 'assistant',
          content: '',
          tool_calls: [
            {
              id: 'call_abc12345',
              function: { index: 0, name: 'get_weather', arguments: { city: 'Tokyo' } },
            },
          ],
        },
        done_reason: 'stop',
        done: true,
        total_duration: 3244883583,
        load_duration: 2969184542,
        prompt_eval_count: 169,
        prompt_eval_duration: 141656333,
        eval_count: 18,
        eval_duration: 133293625,
      },
      testContext(),
    );
    expect(response).toEqual({
      id: expect.stringMatching(/^ollama-/),
      model: 'llama3.2',
      created: 1751920373,
      parts: [
        {
          type: 'tool-call',
          id: 'call_abc12345',
          name: 'get_weather',
          arguments: '{"city":"Tokyo"}',
        },
      ],
      finishReason: 'tool_calls',
      usage: { inputTokens: 169, outputTokens: 18, totalTokens: 187 },
    });
  });

  it('reads thinking before text, and gives a call without id a fresh one', () => {
    const response = ollamaResponseToCanonical(
      {
        model: 'qwen3',
        created_at: '2025-01-01T00:00:00Z',
        message: {
          role: 'assistant',
          content: 'Hi!',
          thinking: 'Greet.',
          tool_calls: [{ function: { name: 'wave', arguments: {} } }],
        },
        done: true,
        done_reason: 'length',
      },
      testContext(),
    );
    expect(response.parts).toEqual([
      { type: 'reasoning', text: 'Greet.' },
      { type: 'text', text: 'Hi!' },
      { type: 'tool-call', id: expect.stringMatching(/^call_/), name: 'wave', arguments: '{}' },
    ]);
    expect(response.finishReason).toBe('length');
    expect(response.usage).toBeUndefined();
  });

  it('reads a generate record too, and refuses what is neither', () => {
    expect(
      ollamaResponseToCanonical({ model: 'm', response: 'Blue.', done: true }, testContext()).parts,
    ).toEqual([{ type: 'text', text: 'Blue.' }]);
    expect(errorOf(() => ollamaResponseToCanonical({ model: 'm' }, testContext())).status).toBe(
      502,
    );
    expect(errorOf(() => ollamaResponseToCanonical('x', testContext())).status).toBe(502);
  });

  it('reads created_at with nanoseconds and offsets', () => {
    expect(ollamaCreatedSeconds('2023-08-04T08:52:19.385406455-07:00')).toBe(1691164339);
    expect(ollamaCreatedSeconds('garbage')).toBeGreaterThan(1_700_000_000);
  });
});
