import { i18n } from '../i18n/i18n.ts';
import { create } from 'zustand';
import type {
  AppEvents,
  ChatAttachment,
  ChatParams,
  Conversation,
  ConversationWithMessages,
} from '../../../shared/contract.ts';
import { errorMessage, getApi } from '../api/index.ts';
import {
  activeStreamingId,
  addMessages,
  applyDelta,
  applyDone,
  emptyStream,
  showPath,
  type ChatStreamState,
} from './chat-stream.ts';
import type { LoadStatus } from './load-status.ts';

interface ChatState extends ChatStreamState {
  conversations: Conversation[];
  listStatus: LoadStatus;
  listError: string | null;
  activeId: string | null;
  activeStatus: LoadStatus;
  activeError: string | null;
  /** Why the last send / regenerate / stop failed (before any answer existed). */
  actionError: string | null;
  sending: boolean;
  loadList(): Promise<void>;
  /** Re-reads the list and takes the open conversation's title from it. */
  refreshTitles(): Promise<void>;
  open(id: string | null): Promise<void>;
  create(model: string | null): Promise<void>;
  rename(id: string, title: string): Promise<void>;
  remove(id: string): Promise<void>;
  update(patch: {
    model?: string | null;
    systemPrompt?: string | null;
    params?: ChatParams;
  }): Promise<void>;
  /** Sends the text and attached files; false (with `actionError`) when the app refused them. */
  send(content: string, attachments?: ChatAttachment[]): Promise<boolean>;
  stop(): Promise<void>;
  /** Answers the last question again: a new version of its answer, shown. */
  regenerate(): Promise<void>;
  /** Sends a user message again with new text, as a new version of it (the old one is kept). */
  edit(messageId: string, content: string): Promise<boolean>;
  /** Shows another version of a message, with what follows it. */
  showVersion(messageId: string): Promise<void>;
  deleteMessage(messageId: string): Promise<void>;
  /**
   * Opens a new conversation made from a logged request (Logs → Open in chat); resolves to
   * what the chat could not hold of it, in words.
   */
  openFromLog(requestId: string): Promise<string[]>;
  onDelta(delta: AppEvents['chat.delta']): void;
  onDone(done: AppEvents['chat.done']): void;
}

function sortByUpdated(list: Conversation[]): Conversation[] {
  return [...list].sort((a, b) => b.updatedAt - a.updatedAt);
}

function upsert(list: Conversation[], conversation: Conversation): Conversation[] {
  return sortByUpdated([conversation, ...list.filter((c) => c.id !== conversation.id)]);
}

function summary(c: ConversationWithMessages): Conversation {
  const { messages: _messages, ...rest } = c;
  return rest;
}

/**
 * The conversation "New chat" is creating, until the app has answered. Until then the old
 * conversation is still on screen, and a model picked in it right after the click is meant for
 * the new one: `update` waits for this so the pick is applied there, not lost to the old one.
 */
let creating: Promise<unknown> | null = null;

export const useChatStore = create<ChatState>()((set, get) => ({
  ...emptyStream,
  active: null,
  conversations: [],
  listStatus: 'idle',
  listError: null,
  activeId: null,
  activeStatus: 'idle',
  activeError: null,
  actionError: null,
  sending: false,

  async loadList() {
    set({ listStatus: get().conversations.length > 0 ? 'ready' : 'loading', listError: null });
    try {
      set({ conversations: sortByUpdated(await getApi().call('chat.list')), listStatus: 'ready' });
    } catch (error) {
      set({ listStatus: 'error', listError: errorMessage(error) });
    }
  },

  async refreshTitles() {
    try {
      const conversations = sortByUpdated(await getApi().call('chat.list'));
      const active = get().active;
      const fresh = active ? conversations.find((c) => c.id === active.id) : undefined;
      set({
        conversations,
        ...(active && fresh ? { active: { ...active, title: fresh.title } } : {}),
      });
    } catch {
      // Only titles were at stake; the list stays as it was.
    }
  },

  async open(id) {
    set({ activeId: id, actionError: null });
    if (id === null) {
      set({ active: null, activeStatus: 'idle' });
      return;
    }
    set({ activeStatus: 'loading', activeError: null });
    try {
      const conversation = await getApi().call('chat.get', { id });
      if (get().activeId !== id) return; // the user moved on meanwhile
      if (!conversation) {
        set({
          active: null,
          activeStatus: 'error',
          activeError: i18n.t('chatStore.conversationGone'),
        });
        return;
      }
      set({ active: conversation, activeStatus: 'ready' });
    } catch (error) {
      if (get().activeId === id) set({ activeStatus: 'error', activeError: errorMessage(error) });
    }
  },

  async create(model) {
    const run = (async () => {
      // No title: the app gives its default and replaces it with the first question.
      const conversation = await getApi().call('chat.create', { model });
      set({
        conversations: upsert(get().conversations, conversation),
        activeId: conversation.id,
        active: { ...conversation, messages: [], versions: {} },
        activeStatus: 'ready',
        actionError: null,
      });
    })();
    const tracked = run.catch(() => undefined);
    creating = tracked;
    try {
      await run;
    } finally {
      if (creating === tracked) creating = null;
    }
  },

  async rename(id, title) {
    const conversation = await getApi().call('chat.update', { id, title });
    const active = get().active;
    set({
      conversations: get().conversations.map((c) => (c.id === id ? conversation : c)),
      ...(active?.id === id ? { active: { ...active, ...conversation } } : {}),
    });
  },

  async remove(id) {
    await getApi().call('chat.delete', { id });
    const conversations = get().conversations.filter((c) => c.id !== id);
    set({ conversations });
    if (get().activeId === id) await get().open(conversations[0]?.id ?? null);
  },

  async update(patch) {
    if (creating) await creating;
    const active = get().active;
    if (!active) return;
    const conversation = await getApi().call('chat.update', { id: active.id, ...patch });
    const current = get().active;
    set({
      conversations: upsert(get().conversations, conversation),
      ...(current?.id === conversation.id ? { active: { ...current, ...conversation } } : {}),
    });
  },

  async send(content, attachments = []) {
    const active = get().active;
    if (!active || get().sending) return false;
    set({ sending: true, actionError: null });
    try {
      const api = getApi();
      const { user, assistant } = await api.call('chat.send', {
        conversationId: active.id,
        content,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      set(addMessages(get(), active.id, [user, assistant]));
      // The app names a conversation after its first question: pick the new title up.
      if (active.messages.length === 0) void get().refreshTitles();
      return true;
    } catch (error) {
      set({ actionError: errorMessage(error) });
      return false;
    } finally {
      set({ sending: false });
    }
  },

  async stop() {
    const messageId = activeStreamingId(get());
    if (!messageId) return;
    try {
      await getApi().call('chat.stop', { messageId });
    } catch (error) {
      set({ actionError: errorMessage(error) });
    }
  },

  async regenerate() {
    const active = get().active;
    if (!active || get().sending) return;
    set({ sending: true, actionError: null });
    try {
      const { assistant, conversation } = await getApi().call('chat.regenerate', {
        conversationId: active.id,
      });
      set(showPath(get(), conversation, [assistant]));
    } catch (error) {
      set({ actionError: errorMessage(error) });
    } finally {
      set({ sending: false });
    }
  },

  async edit(messageId, content) {
    const active = get().active;
    if (!active || get().sending) return false;
    set({ sending: true, actionError: null });
    try {
      const { user, assistant, conversation } = await getApi().call('chat.edit', {
        messageId,
        content,
      });
      set(showPath(get(), conversation, [user, assistant]));
      return true;
    } catch (error) {
      set({ actionError: errorMessage(error) });
      return false;
    } finally {
      set({ sending: false });
    }
  },

  async showVersion(messageId) {
    const active = get().active;
    if (!active || get().sending) return;
    set({ actionError: null });
    try {
      const conversation = await getApi().call('chat.showVersion', { messageId });
      if (get().active?.id === conversation.id) set({ active: conversation });
    } catch (error) {
      set({ actionError: errorMessage(error) });
    }
  },

  async deleteMessage(messageId) {
    set({ actionError: null });
    try {
      const api = getApi();
      const active = get().active;
      await api.call('chat.deleteMessage', { messageId });
      if (!active) return;
      // Read again: deleting the last message shown may show another version in its place.
      const conversation = await api.call('chat.get', { id: active.id });
      if (conversation && get().active?.id === conversation.id) set({ active: conversation });
    } catch (error) {
      set({ actionError: errorMessage(error) });
    }
  },

  async openFromLog(requestId) {
    const { conversation, omitted } = await getApi().call('chat.fromLog', { requestId });
    set({ conversations: upsert(get().conversations, conversation) });
    await get().open(conversation.id);
    return omitted;
  },

  onDelta: (delta) => set(applyDelta(get(), delta)),

  onDone(done) {
    set(applyDone(get(), done));
    const active = get().active;
    // Keep the list's order (most recent first) without asking the app again.
    if (active?.id === done.conversationId) {
      set({
        conversations: upsert(get().conversations, {
          ...summary(active),
          updatedAt: Math.max(active.updatedAt, done.message.createdAt),
        }),
      });
    }
  },
}));
