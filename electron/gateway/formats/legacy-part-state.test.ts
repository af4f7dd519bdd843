import { describe, expect, it } from 'vitest';
import type { CanonicalMessage } from '../canonical/canonical-request.ts';
import { withAnthropicRedacted, withAnthropicSignature } from './anthropic/anthropic-state.ts';
import { withGeminiSignature } from './gemini/gemini-state.ts';
import { upgradeLegacyPartState } from './legacy-part-state.ts';
import { withResponsesReasoning } from './responses/responses-state.ts';

/** Turns as the previous version stored them (SQLite `stored_responses`), parsed from JSON. */
const stored = JSON.parse(
  JSON.stringify([
    { role: 'user', parts: [{ type: 'text', text: 'Weather?' }] },
    {
      role: 'assistant',
      parts: [
        { type: 'reasoning', text: 'Plan.', signature: 'G1' },
        { type: 'reasoning', text: 'Sum.', encrypted: 'gAAAAB\u00e9==', id: 'rs_1' },
        { type: 'reasoning', text: 'Raw.', id: 'rs_2' },
        { type: 'reasoning', text: 'Claude.', thinkingSignature: 'EqQB+/=' },
        { type: 'reasoning', text: '', redacted: 'EmwKAhgB' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', id: 'call_1', name: 'f', arguments: '{}', signature: 'G2' },
        { type: 'tool-call', id: 'call_2', name: 'f', arguments: '{}' },
      ],
    },
  ]),
) as CanonicalMessage[];

describe('upgradeLegacyPartState', () => {
  it("reads each old vendor-named field as its format's state, byte-exact", () => {
    expect(upgradeLegacyPartState(stored)).toEqual([
      stored[0],
      {
        role: 'assistant',
        parts: [
          withGeminiSignature({ type: 'reasoning', text: 'Plan.' }, 'G1'),
          withResponsesReasoning({ type: 'reasoning', text: 'Sum.' }, 'gAAAAB\u00e9==', 'rs_1'),
          { type: 'reasoning', text: 'Raw.' },
          withAnthropicSignature({ type: 'reasoning', text: 'Claude.' }, 'EqQB+/='),
          withAnthropicRedacted({ type: 'reasoning', text: '' }, 'EmwKAhgB'),
          { type: 'text', text: 'Checking.' },
          withGeminiSignature(
            { type: 'tool-call', id: 'call_1', name: 'f', arguments: '{}' },
            'G2',
          ),
          { type: 'tool-call', id: 'call_2', name: 'f', arguments: '{}' },
        ],
      },
    ]);
  });

  it('gives today’s turns back as they are', () => {
    const current = upgradeLegacyPartState(stored);
    expect(upgradeLegacyPartState(current)).toBe(current);
  });
});
