import { describe, expect, it } from 'vitest';
import { chatContentPieces } from './chat-content-pieces.ts';

describe('chatContentPieces', () => {
  it('reads string content and skips empty strings', () => {
    expect(chatContentPieces('Hello')).toEqual([{ kind: 'text', text: 'Hello' }]);
    expect(chatContentPieces('')).toEqual([]);
    expect(chatContentPieces(null)).toEqual([]);
  });

  it('reads a Mistral delta that mixes a thinking part with answer text', () => {
    expect(
      chatContentPieces([
        { type: 'thinking', thinking: [{ type: 'text', text: '1.' }], closed: true },
        { type: 'text', text: '3' },
      ]),
    ).toEqual([
      { kind: 'reasoning', text: '1.' },
      { kind: 'text', text: '3' },
    ]);
  });

  it('accepts thinking given as a plain string', () => {
    expect(chatContentPieces([{ type: 'thinking', thinking: 'hmm' }])).toEqual([
      { kind: 'reasoning', text: 'hmm' },
    ]);
  });
});
