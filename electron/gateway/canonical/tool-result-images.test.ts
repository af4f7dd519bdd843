import { describe, expect, it } from 'vitest';
import type { CanonicalMessage, CanonicalPart } from './canonical-request.ts';
import {
  resultImagesLabel,
  textWithImagePlaceholders,
  toolResultImagesAsUserTurns,
} from './tool-result-images.ts';

const png = {
  type: 'image',
  source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' },
} as const;

describe('tool result images', () => {
  it('names a result and says where its images went', () => {
    expect(resultImagesLabel({ callId: 'c1', name: 'Read' }, 1)).toBe(
      'Image from the result of Read (c1):',
    );
    expect(resultImagesLabel({ callId: 'c1' }, 2)).toBe(
      'Images from the result of tool call (c1):',
    );
    expect(textWithImagePlaceholders('', 1)).toBe(
      '[image 1 of this result: sent in the next user message]',
    );
    expect(textWithImagePlaceholders('a.png', 0)).toBe('a.png');
  });

  it('leaves turns without images as they are', () => {
    const turns: CanonicalMessage[] = [
      { role: 'tool', parts: [{ type: 'tool-result', callId: 'c1', content: 'x' }] },
      { role: 'user', parts: [{ type: 'text', text: 'next' }] },
    ];
    const { messages, moved } = toolResultImagesAsUserTurns(turns);
    expect(moved).toBe(false);
    expect(messages).toEqual(turns);
  });

  it('moves the images of a run of tool turns into one user turn after it', () => {
    const { messages, moved } = toolResultImagesAsUserTurns([
      { role: 'tool', parts: [{ type: 'tool-result', callId: 'c1', content: '', images: [png] }] },
      { role: 'tool', parts: [{ type: 'tool-result', callId: 'c2', name: 'f', content: 'y' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'seen' }] },
    ]);
    expect(moved).toBe(true);
    expect(messages).toEqual([
      {
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            callId: 'c1',
            content: '[image 1 of this result: sent in the next user message]',
          },
        ],
      },
      { role: 'tool', parts: [{ type: 'tool-result', callId: 'c2', name: 'f', content: 'y' }] },
      {
        role: 'user',
        parts: [{ type: 'text', text: 'Image from the result of tool call (c1):' }, png],
      },
      { role: 'assistant', parts: [{ type: 'text', text: 'seen' }] },
    ]);
  });

  it('joins the images with a user turn that follows, and ends a conversation with them', () => {
    const result: CanonicalPart = {
      type: 'tool-result',
      callId: 'c1',
      name: 'Read',
      content: 'a',
      images: [png],
    };
    const label = { type: 'text', text: 'Image from the result of Read (c1):' } as const;
    expect(
      toolResultImagesAsUserTurns([
        { role: 'tool', parts: [result] },
        { role: 'user', parts: [{ type: 'text', text: 'Describe it.' }] },
      ]).messages.slice(1),
    ).toEqual([{ role: 'user', parts: [label, png, { type: 'text', text: 'Describe it.' }] }]);
    expect(
      toolResultImagesAsUserTurns([{ role: 'tool', parts: [result] }]).messages.slice(1),
    ).toEqual([{ role: 'user', parts: [label, png] }]);
  });
});
