import type { AppEvents, ChatMessage, ConversationWithMessages } from '../../../shared/contract.ts';

/**
 * The part of the chat state that streaming touches, kept pure so the ordering cases can be
 * tested: deltas may arrive before `chat.send` has answered with the message they belong to,
 * and `chat.done` may even beat it.
 */
export interface ChatStreamState {
  active: ConversationWithMessages | null;
  /** Answers in progress: message id → conversation id. */
  streaming: Record<string, string>;
  /** Text streamed so far per answer in progress (any conversation). */
  streamText: Record<string, string>;
  /** Finished answers whose message `chat.send` has not returned yet. */
  pendingDone: Record<string, ChatMessage>;
}

export const emptyStream: Omit<ChatStreamState, 'active'> = {
  streaming: {},
  streamText: {},
  pendingDone: {},
};

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}

export function applyDelta<S extends ChatStreamState>(state: S, delta: AppEvents['chat.delta']): S {
  return {
    ...state,
    streaming: { ...state.streaming, [delta.messageId]: delta.conversationId },
    streamText: {
      ...state.streamText,
      [delta.messageId]: (state.streamText[delta.messageId] ?? '') + delta.text,
    },
  };
}

export function applyDone<S extends ChatStreamState>(state: S, done: AppEvents['chat.done']): S {
  const { message } = done;
  const base = {
    ...state,
    streaming: without(state.streaming, message.id),
    streamText: without(state.streamText, message.id),
  };
  const active = state.active;
  if (!active || active.id !== done.conversationId) return base;
  if (!active.messages.some((m) => m.id === message.id)) {
    return { ...base, pendingDone: { ...state.pendingDone, [message.id]: message } };
  }
  return {
    ...base,
    active: {
      ...active,
      messages: active.messages.map((m) => (m.id === message.id ? message : m)),
    },
  };
}

/**
 * Adds messages `chat.send` / `chat.regenerate` returned. An assistant message starts streaming
 * unless its `chat.done` already came.
 */
export function addMessages<S extends ChatStreamState>(
  state: S,
  conversationId: string,
  messages: ChatMessage[],
): S {
  let next: S = state;
  for (const message of messages) {
    const finished = next.pendingDone[message.id];
    const stored = finished ?? message;
    if (finished) next = { ...next, pendingDone: without(next.pendingDone, message.id) };
    else if (message.role === 'assistant') {
      next = { ...next, streaming: { ...next.streaming, [message.id]: conversationId } };
    }
    const active = next.active;
    if (active && active.id === conversationId) {
      const messages = active.messages.some((m) => m.id === stored.id)
        ? active.messages.map((m) => (m.id === stored.id ? stored : m))
        : [...active.messages, stored];
      next = { ...next, active: { ...active, messages } };
    }
  }
  return next;
}

/**
 * The path `chat.regenerate` / `chat.edit` answered with (a new version now shown), and the
 * messages they added, as `addMessages` takes them.
 */
export function showPath<S extends ChatStreamState>(
  state: S,
  conversation: ConversationWithMessages,
  added: ChatMessage[],
): S {
  const next = state.active?.id === conversation.id ? { ...state, active: conversation } : state;
  return addMessages(next, conversation.id, added);
}

/** The text to show for a message: what streamed so far while in progress, else as stored. */
export function displayedContent(state: ChatStreamState, message: ChatMessage): string {
  if (message.id in state.streaming) return state.streamText[message.id] ?? message.content;
  return message.content;
}

/** The answer in progress in the active conversation, if any (for Stop). */
export function activeStreamingId(state: ChatStreamState): string | null {
  const active = state.active;
  if (!active) return null;
  for (const [messageId, conversationId] of Object.entries(state.streaming)) {
    if (conversationId === active.id) return messageId;
  }
  return null;
}
