import { describe, expect, it } from 'vitest';
import { SKIP_THOUGHT_SIGNATURE, signatureStateKey } from './thought-signature.ts';

describe('thought signature state', () => {
  it('keys a signature by its call id', () => {
    expect(signatureStateKey('call_1')).toBe('sig:call_1');
  });

  it('uses the sentinel Gemini documents for a lost signature', () => {
    expect(SKIP_THOUGHT_SIGNATURE).toBe('skip_thought_signature_validator');
  });
});
