import { describe, expect, it } from 'vitest';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import { canonicalToResponsesResponse, outputItemsOf } from './canonical-to-responses-response.ts';
import { withResponsesReasoning } from './responses-state.ts';
import { testEncodeContext } from '../../../../test/doubles/formats/responses-test-support.ts';

const answer = (over: Partial<CanonicalResponse>): CanonicalResponse => ({
  id: 'upstream-id',
  model: 'upstream-model',
  created: 1700000000,
  parts: [],
  finishReason: 'stop',
  ...over,
});

describe('canonical answer → responses object', () => {
  it('writes reasoning, a merged message and calls with fresh ids, under the client-facing id', () => {
    const response = canonicalToResponsesResponse(
      answer({
        parts: [
          { type: 'reasoning', text: 'Think' },
          { type: 'reasoning', text: 'ing.' },
          { type: 'text', text: 'It is ' },
          { type: 'text', text: '18 °C.' },
          { type: 'tool-call', id: 'call_xyz', name: 'get_weather', arguments: '{"city":"Lyon"}' },
        ],
        finishReason: 'tool_calls',
        usage: { inputTokens: 92, outputTokens: 52, totalTokens: 144, reasoningTokens: 24 },
      }),
      testEncodeContext(),
    );
    expect(response).toMatchObject({
      id: 'resp_test123',
      object: 'response',
      created_at: 1700000000,
      model: 'client-model',
      status: 'completed',
      error: null,
      incomplete_details: null,
      usage: {
        input_tokens: 92,
        input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
        output_tokens: 52,
        output_tokens_details: { reasoning_tokens: 24 },
        total_tokens: 144,
      },
    });
    expect(response).not.toHaveProperty('output_text');
    expect(typeof response.completed_at).toBe('number');
    const [reasoning, message, call] = response.output as Record<string, unknown>[];
    expect(reasoning).toMatchObject({
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'Thinking.' }],
    });
    expect(String(reasoning?.id)).toMatch(/^rs_/);
    expect(message).toMatchObject({
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'It is 18 °C.', annotations: [], logprobs: [] }],
    });
    expect(String(message?.id)).toMatch(/^msg_/);
    expect(call).toMatchObject({
      type: 'function_call',
      status: 'completed',
      call_id: 'call_xyz',
      name: 'get_weather',
      arguments: '{"city":"Lyon"}',
    });
    expect(String(call?.id)).toMatch(/^fc_/);
  });

  it('writes a cut-off answer as incomplete and an error as failed', () => {
    const cut = canonicalToResponsesResponse(
      answer({ parts: [{ type: 'text', text: 'Par' }], finishReason: 'length' }),
      testEncodeContext(),
    );
    expect(cut).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
    });
    // No usage came: absent, since the schema and the types have no null usage.
    expect(cut).not.toHaveProperty('usage');
    expect((cut.output as Record<string, unknown>[])[0]?.status).toBe('incomplete');
    expect(cut).not.toHaveProperty('completed_at');
    const failed = canonicalToResponsesResponse(
      answer({ finishReason: 'error' }),
      testEncodeContext(),
    );
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'server_error' } });
  });

  it('keeps encrypted reasoning under its own id, and separates it from the next reasoning', () => {
    const items = outputItemsOf(
      [
        withResponsesReasoning({ type: 'reasoning', text: 'a' }, 'E', 'rs_up'),
        { type: 'reasoning', text: 'b' },
        { type: 'refusal', text: 'No.' },
      ],
      'completed',
    );
    expect(items[0]).toEqual({
      id: 'rs_up',
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'a' }],
      encrypted_content: 'E',
    });
    expect(items[1]).toMatchObject({
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'b' }],
    });
    expect(items[1]).not.toHaveProperty('encrypted_content');
    expect(items[2]).toMatchObject({
      type: 'message',
      content: [{ type: 'refusal', refusal: 'No.' }],
    });
  });
});
