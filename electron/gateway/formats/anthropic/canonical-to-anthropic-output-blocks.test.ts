import { describe, expect, it } from 'vitest';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import { withAnthropicRedacted, withAnthropicSignature } from './anthropic-state.ts';
import { reasoningOutputBlock, toolInput } from './canonical-to-anthropic-output-blocks.ts';

describe('reasoningOutputBlock', () => {
  it('writes thought text and the tagged state of another format', () => {
    const part = withGeminiSignature({ text: 'Plan.' }, 'G');
    expect(reasoningOutputBlock(part, true, testContext())).toEqual({
      type: 'thinking',
      thinking: 'Plan.',
      signature: 'mgw1:gemini:G',
    });
  });

  it('gives redacted thinking back as it came', () => {
    const part = withAnthropicRedacted({ text: '' }, 'R');
    expect(reasoningOutputBlock(part, true, testContext())).toEqual({
      type: 'redacted_thinking',
      data: 'R',
    });
  });

  it('leaves the text out when the client did not ask for thinking, but keeps the state', () => {
    const ctx = testContext();
    const part = withAnthropicSignature({ text: 'Plan.' }, 'A');
    expect(reasoningOutputBlock(part, false, ctx)).toEqual({
      type: 'thinking',
      thinking: '',
      signature: 'A',
    });
    expect(ctx.rules).toEqual(['anthropic.thinking_omitted']);
    expect(reasoningOutputBlock({ text: 'Plan.' }, false, testContext())).toBeUndefined();
  });

  it('writes unsigned thought text with an empty signature, never an invented one', () => {
    expect(reasoningOutputBlock({ text: 'Plan.' }, true, testContext())).toEqual({
      type: 'thinking',
      thinking: 'Plan.',
      signature: '',
    });
    expect(reasoningOutputBlock({ text: '' }, true, testContext())).toBeUndefined();
  });

  it('records a rule when a part carried two kinds of state', () => {
    const ctx = testContext();
    const part = withGeminiSignature(withAnthropicSignature({ text: '' }, 'A'), 'G');
    reasoningOutputBlock(part, true, ctx);
    expect(ctx.rules).toEqual(['anthropic.reasoning_state_dropped']);
  });
});

describe('toolInput', () => {
  it('parses object arguments; empty is {}', () => {
    expect(toolInput('f', '{"a":1}')).toEqual({ a: 1 });
    expect(toolInput('f', ' ')).toEqual({});
  });

  it('answers 502 to arguments that are not a JSON object', () => {
    expect(() => toolInput('f', '{"a":')).toThrow(/not a JSON object/);
    expect(() => toolInput('f', '[1]')).toThrow(/not a JSON object/);
  });
});
