import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import {
  canonicalToGeminiOutputParts,
  dropAnthropicThinkingState,
  functionCallPart,
  parseCallArgs,
  reasoningOutputPart,
} from './canonical-to-gemini-output-parts.ts';
import { testContext } from '../../../../test/doubles/formats/gemini-test-helpers.ts';

describe('reasoningOutputPart', () => {
  it('sends thought text only when the client asked for thoughts', () => {
    expect(reasoningOutputPart('plan', 'sig', undefined, true, testContext())).toEqual({
      text: 'plan',
      thought: true,
      thoughtSignature: 'sig',
    });
    const ctx = testContext();
    expect(reasoningOutputPart('plan', undefined, undefined, false, ctx)).toBeUndefined();
    expect(ctx.rules).toEqual(['gemini.thoughts_omitted']);
  });

  it('always sends a signature, on an empty text part', () => {
    expect(reasoningOutputPart('plan', 'sig', undefined, false, testContext())).toEqual({
      text: '',
      thoughtSignature: 'sig',
    });
    expect(reasoningOutputPart('', 'sig', undefined, true, testContext())).toEqual({
      text: '',
      thoughtSignature: 'sig',
    });
  });

  it('records that encrypted reasoning of another format is not forwarded', () => {
    const ctx = testContext();
    expect(reasoningOutputPart('', undefined, 'gAAAA', true, ctx)).toBeUndefined();
    expect(ctx.rules).toEqual(['gemini.encrypted_reasoning_dropped']);
  });
});

describe('dropAnthropicThinkingState', () => {
  it("records that Anthropic's thinking state is not forwarded to a native client", () => {
    const ctx = testContext();
    dropAnthropicThinkingState({ thinkingSignature: 'EqQB' }, ctx);
    dropAnthropicThinkingState({ redacted: 'RED' }, ctx);
    expect(ctx.rules).toEqual(['gemini.thinking_signature_dropped']);
    const clean = testContext();
    dropAnthropicThinkingState({}, clean);
    expect(clean.rules).toEqual([]);
  });
});

describe('canonicalToGeminiOutputParts', () => {
  it('returns a split-off signature to the text before it and keeps call ids', () => {
    const ctx = testContext();
    expect(
      canonicalToGeminiOutputParts(
        [
          { type: 'reasoning', text: 'plan', signature: 's0' },
          { type: 'text', text: 'Hi' },
          { type: 'reasoning', text: '', signature: 's1' },
          { type: 'refusal', text: 'not that' },
          { type: 'tool-call', id: 'call_1', name: 'f', arguments: '{"a":1}', signature: 's2' },
          { type: 'tool-call', id: 'call_2', name: 'g', arguments: '' },
        ],
        true,
        ctx,
      ),
    ).toEqual([
      { text: 'plan', thought: true, thoughtSignature: 's0' },
      { text: 'Hi', thoughtSignature: 's1' },
      { text: 'not that' },
      { functionCall: { id: 'call_1', name: 'f', args: { a: 1 } }, thoughtSignature: 's2' },
      { functionCall: { id: 'call_2', name: 'g', args: {} } },
    ]);
    expect(ctx.rules).toEqual(['gemini.refusal_as_text']);
  });

  it('fails with 502 on call arguments that are not a JSON object', () => {
    expect(() =>
      canonicalToGeminiOutputParts(
        [{ type: 'tool-call', id: 'c', name: 'f', arguments: '{"a":' }],
        false,
        testContext(),
      ),
    ).toThrow(GatewayError);
  });
});

describe('call helpers', () => {
  it('parses arguments to an object or undefined', () => {
    expect(parseCallArgs('{"a":1}')).toEqual({ a: 1 });
    expect(parseCallArgs('  ')).toEqual({});
    expect(parseCallArgs('[1]')).toBeUndefined();
    expect(parseCallArgs('{"a"')).toBeUndefined();
  });

  it('builds a functionCall part with its signature', () => {
    expect(functionCallPart('c', 'f', {}, undefined)).toEqual({
      functionCall: { id: 'c', name: 'f', args: {} },
    });
  });
});
