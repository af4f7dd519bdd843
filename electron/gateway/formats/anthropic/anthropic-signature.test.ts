import { describe, expect, it } from 'vitest';
import { stateToThinkingSignature, thinkingSignatureToState } from './anthropic-signature.ts';

describe('thinking-block signatures for opaque reasoning state', () => {
  it('sends an Anthropic signature as it is and reads it back', () => {
    const sig = 'EvQBCkYICxgCKkAxhD4NUKFzudtZ6NzbZdEiBACIScTzqjPViM596iWL+/==';
    expect(stateToThinkingSignature({ thinkingSignature: sig })).toEqual({
      signature: sig,
      lost: false,
    });
    expect(thinkingSignatureToState(sig)).toEqual({ thinkingSignature: sig });
  });

  it('tags a Gemini thought signature and restores it byte-exact', () => {
    const sig = 'CiQBcsjafF0+/x==';
    const out = stateToThinkingSignature({ signature: sig });
    expect(out).toEqual({ signature: `mgw1:gemini:${sig}`, lost: false });
    expect(thinkingSignatureToState(out!.signature)).toEqual({ signature: sig });
  });

  it('tags an OpenAI reasoning item with its id and restores both', () => {
    const out = stateToThinkingSignature({ id: 'rs_a:b', encrypted: 'gAAAAB:x==' });
    expect(out?.signature).toBe('mgw1:openai:rs_a%3Ab:gAAAAB:x==');
    expect(thinkingSignatureToState(out!.signature)).toEqual({
      id: 'rs_a:b',
      encrypted: 'gAAAAB:x==',
    });
  });

  it('has nothing to send for a part without state; an empty signature means none', () => {
    expect(stateToThinkingSignature({})).toBeUndefined();
    // Encrypted content without its item id cannot be replayed to OpenAI, so it is not sent.
    expect(stateToThinkingSignature({ encrypted: 'gAAAA' })).toBeUndefined();
    expect(thinkingSignatureToState('')).toEqual({});
  });

  it('keeps the first state and says when another had to be left out', () => {
    expect(stateToThinkingSignature({ thinkingSignature: 'A', signature: 'G' })).toEqual({
      signature: 'A',
      lost: true,
    });
  });

  it('keeps an unreadable tag whole as an Anthropic signature rather than guess', () => {
    expect(thinkingSignatureToState('mgw1:openai:%E0:x')).toEqual({
      thinkingSignature: 'mgw1:openai:%E0:x',
    });
    expect(thinkingSignatureToState('mgw9:other')).toEqual({ thinkingSignature: 'mgw9:other' });
  });
});
