import { describe, expect, it } from 'vitest';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import { responsesReasoning, withResponsesReasoning } from './responses-state.ts';

describe('responses state on canonical reasoning', () => {
  it('keeps encrypted content byte-exact with the id of its item', () => {
    const sealed = withResponsesReasoning({ type: 'reasoning', text: '' }, 'gAAAAB+/==', 'rs_1');
    expect(responsesReasoning(sealed)).toEqual({ encrypted: 'gAAAAB+/==', id: 'rs_1' });
    const unbound = withResponsesReasoning(
      { type: 'reasoning-delta', text: '' },
      'gAAAA',
      undefined,
    );
    expect(responsesReasoning(unbound)).toEqual({ encrypted: 'gAAAA' });
  });

  it('keeps no item id without encrypted content, and reads only its own key', () => {
    const part = { type: 'reasoning' as const, text: 'x' };
    expect(withResponsesReasoning(part, undefined, 'rs_1')).toBe(part);
    expect(responsesReasoning(part)).toEqual({});
    expect(responsesReasoning(withGeminiSignature(part, 'G'))).toEqual({});
  });
});
