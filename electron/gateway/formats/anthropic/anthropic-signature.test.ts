import { describe, expect, it } from 'vitest';
import type { CanonicalPart } from '../../canonical/canonical-request.ts';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import { withResponsesReasoning } from '../responses/responses-state.ts';
import { stateToThinkingSignature, withThinkingSignature } from './anthropic-signature.ts';
import { withAnthropicSignature } from './anthropic-state.ts';

const part: CanonicalPart = { type: 'reasoning', text: 'Plan.' };

describe('thinking-block signatures for opaque reasoning state', () => {
  it('sends an Anthropic signature as it is and reads it back', () => {
    const sig = 'EvQBCkYICxgCKkAxhD4NUKFzudtZ6NzbZdEiBACIScTzqjPViM596iWL+/==';
    const signed = withAnthropicSignature(part, sig);
    expect(stateToThinkingSignature(signed)).toEqual({ signature: sig, lost: false });
    expect(withThinkingSignature(part, sig)).toEqual(signed);
  });

  it('tags a Gemini thought signature and restores it byte-exact', () => {
    const sig = 'CiQBcsjafF0+/x==';
    const signed = withGeminiSignature(part, sig);
    const out = stateToThinkingSignature(signed);
    expect(out).toEqual({ signature: `mgw1:gemini:${sig}`, lost: false });
    expect(withThinkingSignature(part, out!.signature)).toEqual(signed);
  });

  it('tags an OpenAI reasoning item with its id and restores both', () => {
    const sealed = withResponsesReasoning(part, 'gAAAAB:x==', 'rs_a:b');
    const out = stateToThinkingSignature(sealed);
    expect(out?.signature).toBe('mgw1:openai:rs_a%3Ab:gAAAAB:x==');
    expect(withThinkingSignature(part, out!.signature)).toEqual(sealed);
  });

  it('has nothing to send for a part without state; an empty signature means none', () => {
    expect(stateToThinkingSignature(part)).toBeUndefined();
    // Encrypted content without its item id cannot be replayed to OpenAI, so it is not sent.
    expect(
      stateToThinkingSignature(withResponsesReasoning(part, 'gAAAA', undefined)),
    ).toBeUndefined();
    expect(withThinkingSignature(part, '')).toBe(part);
  });

  it('keeps the first state and says when another had to be left out', () => {
    const both = withGeminiSignature(withAnthropicSignature(part, 'A'), 'G');
    expect(stateToThinkingSignature(both)).toEqual({ signature: 'A', lost: true });
  });

  it('keeps an unreadable tag whole as an Anthropic signature rather than guess', () => {
    expect(withThinkingSignature(part, 'mgw1:openai:%E0:x')).toEqual(
      withAnthropicSignature(part, 'mgw1:openai:%E0:x'),
    );
    expect(withThinkingSignature(part, 'mgw9:other')).toEqual(
      withAnthropicSignature(part, 'mgw9:other'),
    );
  });
});
