import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import {
  canonicalToGeminiOutputParts,
  dropForeignState,
  functionCallPart,
  parseCallArgs,
  reasoningOutputPart,
} from './canonical-to-gemini-output-parts.ts';
import { testContext } from '../../../../test/doubles/formats/gemini-test-helpers.ts';
import { withAnthropicRedacted, withAnthropicSignature } from '../anthropic/anthropic-state.ts';
import { withResponsesReasoning } from '../responses/responses-state.ts';
import { withGeminiSignature } from './gemini-state.ts';

const thought = (text: string, signature?: string) =>
  withGeminiSignature({ type: 'reasoning' as const, text }, signature);

describe('reasoningOutputPart', () => {
  it('sends thought text only when the client asked for thoughts', () => {
    expect(reasoningOutputPart(thought('plan', 'sig'), true, testContext())).toEqual({
      text: 'plan',
      thought: true,
      thoughtSignature: 'sig',
    });
    const ctx = testContext();
    expect(reasoningOutputPart(thought('plan'), false, ctx)).toBeUndefined();
    expect(ctx.rules).toEqual(['gemini.thoughts_omitted']);
  });

  it('always sends a signature, on an empty text part', () => {
    expect(reasoningOutputPart(thought('plan', 'sig'), false, testContext())).toEqual({
      text: '',
      thoughtSignature: 'sig',
    });
    expect(reasoningOutputPart(thought('', 'sig'), true, testContext())).toEqual({
      text: '',
      thoughtSignature: 'sig',
    });
  });

  it('records that encrypted reasoning of another format is not forwarded', () => {
    const ctx = testContext();
    const sealed = withResponsesReasoning(thought(''), 'gAAAA', 'rs_1');
    expect(reasoningOutputPart(sealed, true, ctx)).toBeUndefined();
    expect(ctx.rules).toEqual(['gemini.encrypted_reasoning_dropped']);
  });
});

describe('dropForeignState', () => {
  it("records that Anthropic's thinking state is not forwarded to a native client", () => {
    const ctx = testContext();
    dropForeignState(withAnthropicSignature(thought(''), 'EqQB'), ctx);
    dropForeignState(withAnthropicRedacted(thought(''), 'RED'), ctx);
    expect(ctx.rules).toEqual(['gemini.thinking_signature_dropped']);
    const clean = testContext();
    dropForeignState(thought('', 'own'), clean);
    dropForeignState(thought('plain'), clean);
    expect(clean.rules).toEqual([]);
  });
});

describe('canonicalToGeminiOutputParts', () => {
  it('returns a split-off signature to the text before it and keeps call ids', () => {
    const ctx = testContext();
    expect(
      canonicalToGeminiOutputParts(
        [
          thought('plan', 's0'),
          { type: 'text', text: 'Hi' },
          thought('', 's1'),
          { type: 'refusal', text: 'not that' },
          withGeminiSignature(
            { type: 'tool-call', id: 'call_1', name: 'f', arguments: '{"a":1}' },
            's2',
          ),
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
