import { describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationWithMessages } from '../../../shared/contract.ts';
import { chatMessage } from '../../../test/doubles/chat/chat-message.ts';
import {
  activeStreamingId,
  addMessages,
  applyDelta,
  applyDone,
  displayedContent,
  dropLastAssistant,
  emptyStream,
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

  it('regenerate drops only a trailing answer', () => {
    const msgs = [message('u1', 'user'), message('a1', 'assistant')];
    expect(dropLastAssistant(msgs).map((m) => m.id)).toEqual(['u1']);
    expect(dropLastAssistant([message('u1', 'user')]).map((m) => m.id)).toEqual(['u1']);
  });
});
