import { describe, expect, it } from 'vitest';
import { recordedFile } from '../../../../test/recorded-fixtures.ts';
import { anthropicResponseToCanonical } from './anthropic-response-to-canonical.ts';
import { withAnthropicRedacted, withAnthropicSignature } from './anthropic-state.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { storedThinking } from './anthropic-thinking-replay.ts';

const recorded = (name: string): unknown => JSON.parse(recordedFile('anthropic', name));

describe('anthropicResponseToCanonical', () => {
  it('reads thinking with its signature byte-exact, text and usage with thinking tokens', () => {
    const body = recorded('anthropic-claude-opus-5-reasoning-high.1.json') as {
      content: { thinking?: string; signature?: string; text?: string }[];
    };
    const ctx = testContext();
    const response = anthropicResponseToCanonical(body, ctx);
    expect(response.id).toBe('msg_011CdMNhurHSJCxCC2NB7WYc');
    expect(response.model).toBe('claude-opus-5');
    expect(response.parts).toEqual([
      withAnthropicSignature(
        { type: 'reasoning', text: body.content[0]!.thinking! },
        body.content[0]!.signature!,
      ),
      { type: 'text', text: body.content[1]!.text },
    ]);
    expect(response.finishReason).toBe('stop');
    expect(response.usage).toEqual({
      inputTokens: 51,
      outputTokens: 1699,
      totalTokens: 1750,
      cachedInputTokens: 0,
      cacheWriteInputTokens: 0,
      reasoningTokens: 139,
    });
    expect(ctx.rules).toEqual([]);
  });

  it('reads a tool call without arguments and its stop reason', () => {
    const response = anthropicResponseToCanonical(
      recorded('anthropic-tool-no-args.json'),
      testContext(),
    );
    expect(response.parts.at(-1)).toEqual({
      type: 'tool-call',
      id: 'toolu_01LRmxn9vGM1d2DZSDBowdZ1',
      name: 'updateIssueList',
      arguments: '{}',
    });
    expect(response.finishReason).toBe('tool_calls');
  });

  it('turns a refusal into content_filter with the explanation as a refusal part', () => {
    const response = anthropicResponseToCanonical(
      recorded('anthropic-refusal.json'),
      testContext(),
    );
    expect(response.finishReason).toBe('content_filter');
    expect(response.parts).toEqual([
      {
        type: 'refusal',
        text: "This request triggered restrictions on violative cyber content and was blocked under Anthropic's Usage Policy.",
      },
    ]);
    const bare = anthropicResponseToCanonical(
      recorded('anthropic-refusal-no-details.json'),
      testContext(),
    );
    expect(bare.parts).toEqual([]);
    expect(bare.finishReason).toBe('content_filter');
  });

  it('leaves out server tool blocks and citations under rules, keeping the text', () => {
    const ctx = testContext();
    const response = anthropicResponseToCanonical(
      recorded('anthropic-web-search-tool.1.json'),
      ctx,
    );
    expect(response.parts.every((part) => part.type === 'text')).toBe(true);
    expect(response.parts).toHaveLength(8);
    expect(ctx.rules).toEqual([
      'anthropic.unsupported_output_block_dropped',
      'anthropic.citations_dropped',
    ]);
    expect(response.usage?.inputTokens).toBe(27118);
  });

  it('keeps redacted thinking and files the signed blocks under the call that follows', () => {
    const ctx = testContext();
    const response = anthropicResponseToCanonical(
      {
        id: 'msg_1',
        model: 'claude',
        content: [
          { type: 'thinking', thinking: 'Plan.', signature: 'SIG' },
          { type: 'redacted_thinking', data: 'RED' },
          { type: 'tool_use', id: 'toolu_9', name: 'f', input: { a: 1 } },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 1, output_tokens: 2 },
      },
      ctx,
    );
    expect(response.parts.slice(0, 2)).toEqual([
      withAnthropicSignature({ type: 'reasoning', text: 'Plan.' }, 'SIG'),
      withAnthropicRedacted({ type: 'reasoning', text: '' }, 'RED'),
    ]);
    expect(storedThinking(ctx.state, 'toolu_9')).toEqual([
      { type: 'thinking', thinking: 'Plan.', signature: 'SIG' },
      { type: 'redacted_thinking', data: 'RED' },
    ]);
  });

  it('answers 502 to a body that is not a message', () => {
    expect(() => anthropicResponseToCanonical({ type: 'error' }, testContext())).toThrow(
      /not a Messages/,
    );
  });
});
