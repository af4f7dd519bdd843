import type { ChatRequest } from 'ollama';
import { describe, expect, it } from 'vitest';
import { ollamaChatToCanonical } from './ollama-chat-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';

const decode = (body: ChatRequest | Record<string, unknown>, ctx = testContext()) =>
  ollamaChatToCanonical(body as Record<string, unknown>, ctx);

describe('ollamaChatToCanonical', () => {
  it('reads a plain chat as a streamed canonical request', () => {
    expect(
      decode({ model: 'llama3.2', messages: [{ role: 'user', content: 'Why is the sky blue?' }] }),
    ).toEqual({
      model: 'llama3.2',
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'Why is the sky blue?' }] }],
      sampling: {},
      stream: true,
    });
  });

  it('reads system, tools, format, think and options', () => {
    const ctx = testContext();
    const request = decode(
      {
        model: 'qwen3',
        messages: [
          { role: 'system', content: 'Be terse.' },
          { role: 'user', content: 'Weather?' },
        ],
        tools: [
          { type: 'function', function: { name: 'weather', parameters: { type: 'object' } } },
        ],
        format: { type: 'object', properties: { answer: { type: 'string' } } },
        think: 'low',
        options: { temperature: 0.1, num_predict: 256, num_ctx: 32768 },
        keep_alive: '10m',
        stream: false,
      },
      ctx,
    );
    expect(request).toEqual({
      model: 'qwen3',
      system: 'Be terse.',
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'Weather?' }] }],
      tools: [{ name: 'weather', parameters: { type: 'object' } }],
      sampling: { temperature: 0.1, maxOutputTokens: 256 },
      responseFormat: {
        type: 'json-schema',
        schema: { type: 'object', properties: { answer: { type: 'string' } } },
      },
      reasoning: { effort: 'low', includeThoughts: true },
      stream: false,
    });
    expect(ctx.dropped).toEqual(['keep_alive', 'options.num_ctx']);
  });

  it('refuses an empty conversation (a load request) and what only a local runtime answers', () => {
    expect(errorOf(() => decode({ model: 'm', messages: [] })).param).toBe('messages');
    expect(errorOf(() => decode({ model: 'm' })).param).toBe('messages');
    expect(
      errorOf(() =>
        decode({
          model: 'm',
          messages: [{ role: 'user', content: 'x' }],
          _debug_render_only: true,
        }),
      ).param,
    ).toBe('_debug_render_only');
  });

  it('drops the context handling fields of a local runtime by name', () => {
    const ctx = testContext();
    decode(
      { model: 'm', messages: [{ role: 'user', content: 'x' }], truncate: false, shift: true },
      ctx,
    );
    expect(ctx.dropped).toEqual(['truncate', 'shift']);
    expect(ctx.rules).toEqual(['ollama.context_handling_dropped']);
  });
});
