import { describe, expect, it } from 'vitest';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import { canonicalToChatResponse } from './canonical-to-chat-response.ts';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import { withOpenAiClient } from '../../../../test/doubles/formats/chat-sdk-test-server.ts';
import { testEncodeContext } from '../../../../test/doubles/formats/chat-test-context.ts';

const usage = {
  inputTokens: 131,
  outputTokens: 110,
  totalTokens: 241,
  cachedInputTokens: 0,
  reasoningTokens: 95,
};

const toolAnswer: CanonicalResponse = {
  id: 'B94haYr_OovWjMcPjJy_6Qk',
  model: 'gemini-3-pro-preview',
  created: 1750097777,
  parts: [
    withGeminiSignature({ type: 'reasoning', text: '**Checking weather**' }, 'RS1G'),
    withGeminiSignature(
      { type: 'tool-call', id: 'call_g1', name: 'weather', arguments: '{"city":"San Francisco"}' },
      'Eq0ECqoE',
    ),
  ],
  finishReason: 'tool_calls',
  usage,
};

describe('canonicalToChatResponse', () => {
  it('writes a chat.completion with the gateway id and the client model', () => {
    const ctx = testEncodeContext({ model: 'my-alias' });
    expect(canonicalToChatResponse(toolAnswer, ctx)).toEqual({
      id: 'chatcmpl-gateway1',
      object: 'chat.completion',
      created: 1750097777,
      model: 'my-alias',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            refusal: null,
            reasoning_content: '**Checking weather**',
            tool_calls: [
              {
                id: 'call_g1',
                type: 'function',
                function: { name: 'weather', arguments: '{"city":"San Francisco"}' },
              },
            ],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: {
        prompt_tokens: 131,
        completion_tokens: 110,
        total_tokens: 241,
        prompt_tokens_details: { cached_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 95 },
      },
    });
  });

  it('leaves opaque state out of the body', () => {
    const ctx = testEncodeContext();
    const text = JSON.stringify(canonicalToChatResponse(toolAnswer, ctx));
    expect(text).not.toContain('Eq0ECqoE');
    expect(text).not.toContain('RS1G');
  });

  it('joins text, writes refusals and maps length', () => {
    const ctx = testEncodeContext();
    const body = canonicalToChatResponse(
      {
        id: 'u',
        model: 'u',
        created: 5,
        parts: [
          { type: 'text', text: 'Hel' },
          { type: 'text', text: 'lo' },
          { type: 'refusal', text: 'No more.' },
        ],
        finishReason: 'length',
      },
      ctx,
    );
    expect(body.choices).toEqual([
      {
        index: 0,
        message: { role: 'assistant', content: 'Hello', refusal: 'No more.' },
        logprobs: null,
        finish_reason: 'length',
      },
    ]);
    expect(body).not.toHaveProperty('usage');
  });

  it('drops an output part chat cannot hold under a rule', () => {
    const ctx = testEncodeContext();
    const body = canonicalToChatResponse(
      {
        id: 'u',
        model: 'u',
        created: 5,
        parts: [
          { type: 'text', text: 'Here:' },
          { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' } },
        ],
        finishReason: 'stop',
      },
      ctx,
    );
    expect(JSON.stringify(body)).not.toContain('iVBO');
    expect(ctx.rules).toEqual(['chat.unsupported_output_part_dropped']);
  });

  it('is read by the openai SDK, reasoning_content included', async () => {
    const body = canonicalToChatResponse(toolAnswer, testEncodeContext({ model: 'my-alias' }));
    const completion = await withOpenAiClient({ json: body }, (client) =>
      client.chat.completions.create({
        model: 'my-alias',
        messages: [{ role: 'user', content: 'Weather?' }],
      }),
    );
    expect(completion.id).toBe('chatcmpl-gateway1');
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(completion.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      id: 'call_g1',
      function: { name: 'weather', arguments: '{"city":"San Francisco"}' },
    });
    expect(
      (completion.choices[0]?.message as unknown as { reasoning_content: string })
        .reasoning_content,
    ).toBe('**Checking weather**');
    expect(completion.usage?.completion_tokens_details?.reasoning_tokens).toBe(95);
  });
});
