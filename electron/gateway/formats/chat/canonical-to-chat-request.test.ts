import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import { canonicalToChatRequest } from './canonical-to-chat-request.ts';
import { chatRequestToCanonical } from './chat-request-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/chat-test-context.ts';

const base: CanonicalRequest = {
  model: 'gpt-4o',
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
  sampling: {},
  stream: false,
};

describe('canonicalToChatRequest', () => {
  it('writes sampling with max_completion_tokens and drops topK under a rule', () => {
    const ctx = testContext();
    const body = canonicalToChatRequest(
      {
        ...base,
        sampling: {
          temperature: 0.2,
          topP: 0.9,
          topK: 40,
          maxOutputTokens: 512,
          stop: ['\n\n'],
          seed: 42,
          presencePenalty: 0.1,
          frequencyPenalty: 0.2,
        },
      },
      ctx,
    );
    expect(body).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 0.2,
      top_p: 0.9,
      max_completion_tokens: 512,
      stop: ['\n\n'],
      seed: 42,
      presence_penalty: 0.1,
      frequency_penalty: 0.2,
    });
    expect(body).not.toHaveProperty('max_tokens');
    expect(ctx.rules).toEqual(['chat.top_k_dropped']);
  });

  it('always asks for stream usage when streaming', () => {
    const body = canonicalToChatRequest({ ...base, stream: true }, testContext());
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
  });

  it('nests a json schema with a default name and non-strict', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(
      canonicalToChatRequest(
        { ...base, responseFormat: { type: 'json-schema', schema } },
        testContext(),
      ).response_format,
    ).toEqual({ type: 'json_schema', json_schema: { name: 'response', schema, strict: false } });
    expect(
      canonicalToChatRequest(
        {
          ...base,
          responseFormat: {
            type: 'json-schema',
            schema,
            name: 'n',
            strict: true,
            description: 'd',
          },
        },
        testContext(),
      ).response_format,
    ).toEqual({
      type: 'json_schema',
      json_schema: { name: 'n', description: 'd', schema, strict: true },
    });
    expect(
      canonicalToChatRequest({ ...base, responseFormat: { type: 'json' } }, testContext())
        .response_format,
    ).toEqual({ type: 'json_object' });
  });

  it.each([
    [0, 'none'],
    [512, 'low'],
    [4096, 'medium'],
    [24576, 'high'],
  ])('maps a thinking budget of %i to %s under a rule', (budgetTokens, effort) => {
    const ctx = testContext();
    const body = canonicalToChatRequest({ ...base, reasoning: { budgetTokens } }, ctx);
    expect(body.reasoning_effort).toBe(effort);
    expect(ctx.rules).toEqual(['chat.thinking_budget_to_effort']);
  });

  it('omits the effort for a dynamic budget and records includeThoughts as dropped', () => {
    const ctx = testContext();
    const body = canonicalToChatRequest(
      { ...base, reasoning: { budgetTokens: -1, includeThoughts: true } },
      ctx,
    );
    expect(body).not.toHaveProperty('reasoning_effort');
    expect(ctx.rules).toEqual(['chat.include_thoughts_dropped', 'chat.thinking_budget_to_effort']);
  });

  it('passes an explicit effort through', () => {
    const ctx = testContext();
    expect(
      canonicalToChatRequest({ ...base, reasoning: { effort: 'minimal' } }, ctx).reasoning_effort,
    ).toBe('minimal');
    expect(ctx.rules).toEqual([]);
  });

  it('round-trips a chat request through canonical form', () => {
    const original = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_abc', type: 'function', function: { name: 'w', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_abc', content: '18' },
      ],
      tools: [{ type: 'function', function: { name: 'w', parameters: { type: 'object' } } }],
      tool_choice: { type: 'function', function: { name: 'w' } },
      parallel_tool_calls: false,
      temperature: 0.5,
      max_completion_tokens: 100,
      reasoning_effort: 'low',
      response_format: { type: 'json_object' },
      stream: true,
      stream_options: { include_usage: true },
    };
    const ctx = testContext();
    expect(canonicalToChatRequest(chatRequestToCanonical(original, ctx), ctx)).toEqual(original);
    expect(ctx.rules).toEqual([]);
  });
});
