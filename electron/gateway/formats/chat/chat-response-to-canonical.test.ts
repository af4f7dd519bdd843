import { describe, expect, it } from 'vitest';
import { recordedFile, recordedNames } from '../../../../test/recorded-fixtures.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { chatResponseToCanonical } from './chat-response-to-canonical.ts';
import { testContext } from '../../../../test/doubles/formats/chat-test-context.ts';

const recorded = (name: string): unknown => JSON.parse(recordedFile('chat', name));
const successBodies = recordedNames('chat', '.json').filter(
  (name) => !('error' in (recorded(name) as Record<string, unknown>)),
);

describe('chatResponseToCanonical on recorded bodies', () => {
  it('covers every recorded success body', () => {
    expect(successBodies.sort()).toEqual([
      'openai-text.json',
      'qwen-plus-normalized-replayed-tool-arguments-success.json',
      'xai-tool-call.json',
    ]);
  });

  it.each(successBodies)('decodes %s with usage and a finish reason', (name) => {
    const response = chatResponseToCanonical(recorded(name), testContext());
    expect(response.id).toMatch(/^(chatcmpl-|acfa24c3)/);
    expect(response.parts.length).toBeGreaterThan(0);
    expect(response.usage?.totalTokens).toBeGreaterThan(0);
  });

  it('openai-text: text, stop and usage details', () => {
    const response = chatResponseToCanonical(recorded('openai-text.json'), testContext());
    expect(response).toMatchObject({
      id: 'chatcmpl-D8Z5f52zQqikDBEKQMQoYcWMcWPeU',
      model: 'gpt-4.1-nano-2025-04-14',
      created: 1770933883,
      finishReason: 'stop',
      usage: {
        inputTokens: 16,
        outputTokens: 363,
        totalTokens: 379,
        cachedInputTokens: 0,
        reasoningTokens: 0,
      },
    });
    expect(response.parts).toHaveLength(1);
    const text = response.parts[0];
    expect(text?.type).toBe('text');
    expect(text?.type === 'text' && text.text.startsWith('**Holiday Name:** Galaxy Day')).toBe(
      true,
    );
    expect(text?.type === 'text' && text.text.includes('darkness\u2014mirroring')).toBe(true);
  });

  it('xai-tool-call: reasoning first, empty content skipped, call kept, reasoning added to output', () => {
    const ctx = testContext();
    const response = chatResponseToCanonical(recorded('xai-tool-call.json'), ctx);
    expect(response.parts.map((p) => p.type)).toEqual(['reasoning', 'tool-call']);
    const reasoning = response.parts[0];
    expect(
      reasoning?.type === 'reasoning' &&
        reasoning.text.startsWith('First, the user is asking about the weather in San Francisco.'),
    ).toBe(true);
    expect(response.parts[1]).toEqual({
      type: 'tool-call',
      id: 'call_46427107',
      name: 'weather',
      arguments: '{"location":"San Francisco"}',
    });
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage).toEqual({
      inputTokens: 307,
      outputTokens: 281,
      totalTokens: 588,
      cachedInputTokens: 244,
      reasoningTokens: 255,
    });
    expect(ctx.rules).toEqual(['chat.usage_reasoning_added_to_output']);
  });

  it('qwen-plus: a tool call with an index field and cached-only prompt details', () => {
    const response = chatResponseToCanonical(
      recorded('qwen-plus-normalized-replayed-tool-arguments-success.json'),
      testContext(),
    );
    expect(response.parts).toEqual([
      {
        type: 'tool-call',
        id: 'call_48dc828f33d7473fa345dd',
        name: 'set_cell_range',
        arguments: '{"label": "A1:B10"}',
      },
    ]);
    expect(response).toMatchObject({
      model: 'qwen-plus',
      finishReason: 'tool_calls',
      usage: { inputTokens: 202, outputTokens: 24, totalTokens: 226, cachedInputTokens: 0 },
    });
    expect(response.usage?.reasoningTokens).toBeUndefined();
  });
});

describe('chatResponseToCanonical on other shapes', () => {
  it('reads a refusal and Mistral thinking parts, synthesising a missing call id', () => {
    const response = chatResponseToCanonical(
      {
        id: 'x',
        model: 'mistral-small-latest',
        created: 1,
        choices: [
          {
            message: {
              role: 'assistant',
              content: [
                { type: 'thinking', thinking: [{ type: 'text', text: '17*23' }] },
                { type: 'text', text: '391' },
              ],
              refusal: 'partly refused',
              tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{}' } }],
            },
            finish_reason: 'stop',
          },
        ],
      },
      testContext(),
    );
    expect(response.parts.slice(0, 3)).toEqual([
      { type: 'reasoning', text: '17*23' },
      { type: 'text', text: '391' },
      { type: 'refusal', text: 'partly refused' },
    ]);
    const call = response.parts[3];
    expect(call?.type === 'tool-call' && call.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage).toBeUndefined();
  });

  it('answers 502 for a body without choices', () => {
    let caught: unknown;
    try {
      chatResponseToCanonical({ id: 'x', choices: [] }, testContext());
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GatewayError);
    expect((caught as GatewayError).status).toBe(502);
  });
});
