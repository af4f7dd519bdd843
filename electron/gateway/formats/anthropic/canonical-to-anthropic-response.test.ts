import { describe, expect, it } from 'vitest';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import { testEncodeContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import { withResponsesReasoning } from '../responses/responses-state.ts';
import { canonicalToAnthropicResponse } from './canonical-to-anthropic-response.ts';

const base: CanonicalResponse = {
  id: 'up-1',
  model: 'gemini-3-pro-preview',
  created: 1750000000,
  parts: [],
  finishReason: 'stop',
};

describe('canonicalToAnthropicResponse', () => {
  it('writes a whole Message: thinking with the tagged signature, text, a tool_use, usage', () => {
    const ctx = testEncodeContext({ reasoning: { includeThoughts: true } });
    const message = canonicalToAnthropicResponse(
      {
        ...base,
        parts: [
          withGeminiSignature({ type: 'reasoning', text: 'Look it up.' }, 'GSIG'),
          { type: 'text', text: 'Checking.' },
          withGeminiSignature(
            { type: 'tool-call', id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
            'CALLSIG',
          ),
        ],
        finishReason: 'tool_calls',
        usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120, cachedInputTokens: 60 },
      },
      ctx,
    );
    expect(message).toEqual({
      id: 'msg_gateway1',
      type: 'message',
      role: 'assistant',
      model: 'client-model',
      content: [
        { type: 'thinking', thinking: 'Look it up.', signature: 'mgw1:gemini:GSIG' },
        { type: 'text', text: 'Checking.', citations: null },
        {
          type: 'tool_use',
          id: 'call_1',
          name: 'weather',
          input: { city: 'Paris' },
          caller: { type: 'direct' },
        },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      stop_details: null,
      container: null,
      diagnostics: null,
      usage: {
        input_tokens: 40,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 60,
        output_tokens: 20,
        output_tokens_details: null,
        cache_creation: null,
        inference_geo: null,
        server_tool_use: null,
        service_tier: null,
        speed: null,
      },
    });
    expect(ctx.rules).toEqual([]);
  });

  it('writes a filtered refusal as the refusal stop with its explanation', () => {
    const message = canonicalToAnthropicResponse(
      {
        ...base,
        parts: [{ type: 'refusal', text: 'Not allowed.' }],
        finishReason: 'content_filter',
      },
      testEncodeContext(),
    );
    expect(message.content).toEqual([]);
    expect(message.stop_reason).toBe('refusal');
    expect(message.stop_details).toEqual({
      type: 'refusal',
      category: null,
      explanation: 'Not allowed.',
    });
  });

  it('writes an OpenAI refusal (finish stop) as text under a rule', () => {
    const ctx = testEncodeContext();
    const message = canonicalToAnthropicResponse(
      { ...base, parts: [{ type: 'refusal', text: "I can't help." }] },
      ctx,
    );
    expect(message.content).toEqual([{ type: 'text', text: "I can't help.", citations: null }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(ctx.rules).toEqual(['anthropic.refusal_as_text']);
  });

  it('omits thought text the client did not ask for, keeping signed state', () => {
    const ctx = testEncodeContext();
    const message = canonicalToAnthropicResponse(
      {
        ...base,
        parts: [
          withResponsesReasoning({ type: 'reasoning', text: 'secret plan' }, 'gAAAA', 'rs_1'),
          { type: 'text', text: 'Hi' },
        ],
      },
      ctx,
    );
    expect(message.content).toEqual([
      { type: 'thinking', thinking: '', signature: 'mgw1:openai:rs_1:gAAAA' },
      { type: 'text', text: 'Hi', citations: null },
    ]);
    expect(ctx.rules).toEqual(['anthropic.thinking_omitted']);
  });

  it('answers 502 to a call whose arguments are not an object', () => {
    expect(() =>
      canonicalToAnthropicResponse(
        { ...base, parts: [{ type: 'tool-call', id: 'c', name: 'f', arguments: '{"a":' }] },
        testEncodeContext(),
      ),
    ).toThrow(/not a JSON object/);
  });
});
