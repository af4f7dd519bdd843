import { describe, expect, it } from 'vitest';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import {
  anthropicRedacted,
  anthropicSignature,
  hasAnthropicThinking,
  withAnthropicRedacted,
  withAnthropicSignature,
} from './anthropic-state.ts';

describe('Anthropic state on canonical reasoning', () => {
  it('keeps a thinking signature, or redacted thinking on a part with no text', () => {
    const signed = withAnthropicSignature({ type: 'reasoning', text: 'Plan.' }, 'EqQB+/=');
    expect(anthropicSignature(signed)).toBe('EqQB+/=');
    expect(anthropicRedacted(signed)).toBeUndefined();
    const redacted = withAnthropicRedacted({ type: 'reasoning', text: '' }, 'EmwKAhgB');
    expect(anthropicRedacted(redacted)).toBe('EmwKAhgB');
    expect(anthropicSignature(redacted)).toBeUndefined();
    expect(JSON.parse(JSON.stringify(redacted))).toEqual(redacted);
    expect([signed, redacted].every(hasAnthropicThinking)).toBe(true);
  });

  it("adds nothing without a signature, and counts no other format's state", () => {
    const part = { type: 'reasoning' as const, text: 'x' };
    expect(withAnthropicSignature(part, undefined)).toBe(part);
    expect(hasAnthropicThinking(part)).toBe(false);
    expect(hasAnthropicThinking(withGeminiSignature(part, 'G'))).toBe(false);
  });
});
