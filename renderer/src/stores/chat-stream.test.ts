import { describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationWithMessages } from '../../../shared/contract.ts';
import { chatMessage } from '../../../test/doubles/chat/chat-message.ts';
import {
  activeStreamingId,
  addMessages,
  applyDelta,
  applyDone,
  displayedContent,
  emptyStream,
  showPath,
  type ChatStreamState,
} from './chat-stream.ts';

function message(id: string, role: ChatMessage['role'], content = ''): ChatMessage {
  return chatMessage(role, content, { id, conversationId: 'c1', model: 'm', createdAt: 1 });
}

function conversation(messages: ChatMessage[] = []): ConversationWithMessages {
  return {
    id: 'c1',
    title: 't',
    model: 'm',
    systemPrompt: null,
    params: {},
    createdAt: 0,
    updatedAt: 0,
    messages,
    versions: {},
  };
}

const start: ChatStreamState = { ...emptyStream, active: conversation() };

describe('chat streaming state', () => {
  it('shows deltas as they come, then the stored message on done', () => {
    let s = addMessages(start, 'c1', [message('u1', 'user', 'Hi'), message('a1', 'assistant')]);
    expect(activeStreamingId(s)).toBe('a1');
    s = applyDelta(s, { conversationId: 'c1', messageId: 'a1', text: 'Hel' });
    s = applyDelta(s, { conversationId: 'c1', messageId: 'a1', text: 'lo' });
    const a1 = s.active?.messages[1];
    expect(a1 && displayedContent(s, a1)).toBe('Hello');
    const final = { ...message('a1', 'assistant', 'Hello!'), outputTokens: 3 };
    s = applyDone(s, { conversationId: 'c1', message: final });
    expect(s.active?.messages[1]).toEqual(final);
    expect(activeStreamingId(s)).toBe(null);
    expect(s.streamText).toEqual({});
  });

  it('keeps deltas that arrive before chat.send answered', () => {
    let s = applyDelta(start, { conversationId: 'c1', messageId: 'a1', text: 'Early' });
    s = addMessages(s, 'c1', [message('u1', 'user', 'Q'), message('a1', 'assistant')]);
    const a1 = s.active?.messages[1];
    expect(a1 && displayedContent(s, a1)).toBe('Early');
  });

  it('uses a done that beat chat.send and does not mark it streaming', () => {
    const final = message('a1', 'assistant', 'Done already');
    let s = applyDone(start, { conversationId: 'c1', message: final });
    s = addMessages(s, 'c1', [message('u1', 'user', 'Q'), message('a1', 'assistant')]);
    expect(s.active?.messages[1]).toEqual(final);
    expect(activeStreamingId(s)).toBe(null);
    expect(s.pendingDone).toEqual({});
  });

  it('tracks answers of other conversations without touching the open one', () => {
    const s = applyDelta(start, { conversationId: 'c2', messageId: 'x', text: 'elsewhere' });
    expect(s.active?.messages).toEqual([]);
    expect(activeStreamingId(s)).toBe(null);
  });

  it('shows the path a regenerate answered with, its new answer streaming', () => {
    const old = addMessages(start, 'c1', [message('u1', 'user', 'Q'), message('a1', 'assistant')]);
    const done = applyDone(old, { conversationId: 'c1', message: message('a1', 'assistant', 'A') });
    const a2 = { ...message('a2', 'assistant'), parentId: 'u1' };
    const path = {
      ...conversation([message('u1', 'user', 'Q'), a2]),
      versions: { a2: ['a1', 'a2'] },
    };
    const s = showPath(done, path, [a2]);
    expect(s.active?.messages.map((m) => m.id)).toEqual(['u1', 'a2']);
    expect(s.active?.versions).toEqual({ a2: ['a1', 'a2'] });
    expect(activeStreamingId(s)).toBe('a2');
    // Its done may beat the answer: then it is used, and nothing streams.
    const final = message('a2', 'assistant', 'Quick');
    const early = applyDone(done, { conversationId: 'c1', message: final });
    const shown = showPath(early, path, [a2]);
    expect(shown.active?.messages[1]).toEqual(final);
    expect(activeStreamingId(shown)).toBeNull();
    // Another conversation open meanwhile stays as it is.
    const elsewhere = showPath({ ...done, active: { ...path, id: 'c2' } }, path, [a2]);
    expect(elsewhere.active?.id).toBe('c2');
  });
});
