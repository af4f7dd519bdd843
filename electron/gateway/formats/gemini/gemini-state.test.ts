import { describe, expect, it } from 'vitest';
import { withAnthropicSignature } from '../anthropic/anthropic-state.ts';
import { geminiSignature, withGeminiSignature } from './gemini-state.ts';

describe('Gemini state on canonical parts and events', () => {
  it('keeps a thought signature byte-exact on a call, a thought and an event', () => {
    const sig = 'CiQBcsjafF0+/x==\n';
    const call = withGeminiSignature(
      { type: 'tool-call', id: 'c', name: 'f', arguments: '{}' },
      sig,
    );
    expect(geminiSignature(call)).toBe(sig);
    expect(geminiSignature(withGeminiSignature({ type: 'reasoning', text: '' }, sig))).toBe(sig);
    expect(geminiSignature(withGeminiSignature({ type: 'tool-call-end', index: 0 }, sig))).toBe(
      sig,
    );
  });

  it('adds nothing without a signature, and reads only its own key', () => {
    const part = { type: 'reasoning' as const, text: 'x' };
    expect(withGeminiSignature(part, undefined)).toBe(part);
    expect(geminiSignature(part)).toBeUndefined();
    expect(geminiSignature(withAnthropicSignature(part, 'A'))).toBeUndefined();
    expect(geminiSignature({ type: 'text', text: 'x' })).toBeUndefined();
  });
});
