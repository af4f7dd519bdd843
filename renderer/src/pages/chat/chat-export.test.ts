import { describe, expect, it } from 'vitest';
import type {
  ChatMessage,
  ConversationTree,
  ConversationWithMessages,
} from '../../../../shared/contract.ts';
import { chatMessage } from '../../../../test/doubles/chat/chat-message.ts';
import { conversationToJson, conversationToMarkdown } from './chat-export.ts';

const message = (role: ChatMessage['role'], content: string, extra: Partial<ChatMessage> = {}) =>
  chatMessage(role, content, { model: role === 'assistant' ? 'sim-chat' : null, ...extra });

const conversation: ConversationWithMessages = {
  id: 'c',
  title: 'Files',
  model: 'sim-chat',
  systemPrompt: null,
  params: {},
  createdAt: 0,
  updatedAt: 0,
  versions: {},
  messages: [
    message('user', 'What is in these?', {
      attachments: [
        { kind: 'image', name: 'cat.png', mimeType: 'image/png', data: 'iVBORw0=', size: 2048 },
        { kind: 'text', name: 'notes.md', text: 'Has ``` inside', size: 14 },
      ],
    }),
    message('assistant', 'A cat and notes.'),
    message('user', '', {
      attachments: [{ kind: 'text', name: 'b.txt', text: 'only a file', size: 11 }],
    }),
  ],
};

describe('exporting a conversation with attached files', () => {
  it('writes text files in full and names images in Markdown', () => {
    const markdown = conversationToMarkdown(conversation);
    expect(markdown).toContain(
      [
        '## You',
        '',
        'What is in these?',
        '',
        '- Image: `cat.png` (image/png, 2 KB)',
        '',
        '- File: `notes.md`',
        '',
        '````',
        'Has ``` inside',
        '````',
      ].join('\n'),
    );
    expect(markdown).not.toContain('iVBORw0=');
    // A message of files only has no empty paragraph before them.
    expect(markdown).toContain('## You\n\n- File: `b.txt`\n\n```\nonly a file\n```\n');
  });

  it('keeps the images’ bytes in JSON', () => {
    const { versions: _versions, ...rest } = conversation;
    const tree: ConversationTree = { ...rest, shownPath: conversation.messages.map((m) => m.id) };
    const json = JSON.parse(conversationToJson(tree)) as ConversationTree;
    expect(json.messages[0]?.attachments[0]).toMatchObject({ name: 'cat.png', data: 'iVBORw0=' });
  });
});

describe('exporting a conversation with several versions of a message', () => {
  const question = message('user', 'Q', { id: 'q' });
  const first = message('assistant', 'First answer', { id: 'a1', parentId: 'q' });
  const second = message('assistant', 'Second answer', { id: 'a2', parentId: 'q' });

  it('writes the versions shown in Markdown', () => {
    const shown = { ...conversation, messages: [question, second], versions: { a2: ['a1', 'a2'] } };
    const markdown = conversationToMarkdown(shown);
    expect(markdown).toContain('Second answer');
    expect(markdown).not.toContain('First answer');
  });

  it('writes every version in JSON, with what each follows and which are shown', () => {
    const { versions: _versions, ...rest } = conversation;
    const tree: ConversationTree = {
      ...rest,
      messages: [question, first, second],
      shownPath: ['q', 'a2'],
    };
    const json = JSON.parse(conversationToJson(tree)) as ConversationTree;
    expect(json.messages.map((m) => [m.id, m.parentId])).toEqual([
      ['q', null],
      ['a1', 'q'],
      ['a2', 'q'],
    ]);
    expect(json.shownPath).toEqual(['q', 'a2']);
  });
});
