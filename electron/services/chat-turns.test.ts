import { describe, expect, it } from 'vitest';
import type { ConversationWithMessages } from '../../shared/contract.ts';
import { chatMessage as message } from '../../test/doubles/chat/chat-message.ts';
import { turnsOf, userContent } from './chat-turns.ts';

const png = {
  kind: 'image',
  name: 'a.png',
  mimeType: 'image/png',
  data: 'iVBORw0=',
  size: 5,
} as const;
const notes = { kind: 'text', name: 'notes.md', text: '# Notes', size: 7 } as const;

describe('the chat’s turns as chat-completions content', () => {
  it('stays plain text without attachments', () => {
    expect(userContent('Hello', [])).toBe('Hello');
  });

  it('sends text, then each file inlined by name, then each image as a data URL', () => {
    expect(userContent('What is in these?', [notes, png])).toEqual([
      { type: 'text', text: 'What is in these?' },
      { type: 'text', text: 'Attached file: notes.md\n```\n# Notes\n```' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0=' } },
    ]);
    // Files sent without a word carry no empty text part.
    expect(userContent('  ', [png])).toEqual([
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0=' } },
    ]);
  });

  it('keeps a message made only of files, and drops failed empty answers', () => {
    const conversation: ConversationWithMessages = {
      id: 'c',
      title: 't',
      model: 'm',
      systemPrompt: ' Be brief. ',
      params: {},
      createdAt: 0,
      updatedAt: 0,
      versions: {},
      messages: [
        message('user', '', { attachments: [png] }),
        message('assistant', '', { error: 'refused' }),
        message('user', 'again'),
      ],
    };
    expect(turnsOf(conversation)).toEqual([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0=' } }],
      },
      { role: 'user', content: 'again' },
    ]);
  });
});
