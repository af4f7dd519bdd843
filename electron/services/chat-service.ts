import type {
  AppEvents,
  ChatAttachment,
  ChatCreateParams,
  ChatErrorKind,
  ChatMessage,
  ChatParams,
  ChatUpdateParams,
  Conversation,
  ConversationTree,
  ConversationWithMessages,
} from '../../shared/contract.ts';
import { UNTITLED, type LogRow, type Store } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import { streamChatCompletion, type ChatCallResult } from './chat-completion-stream.ts';
import { chatErrorKind } from './chat-error-kind.ts';
import { conversationFromLog } from './chat-from-log.ts';
import { titleFrom } from './chat-title.ts';
import { turnsOf, type ChatTurn } from './chat-turns.ts';
import { waitForLogEntry } from './log-entry-wait.ts';
import { errorText } from '../../shared/error-text.ts';

/** How often a streaming answer's text is saved, so a reopened conversation shows progress. */
const SAVE_INTERVAL_MS = 1000;

/** A failed answer's kind and status, stored with it; none for one that worked or was stopped. */
function failure(
  result: ChatCallResult,
  row: LogRow | null,
): { errorKind: ChatErrorKind | null; errorStatus: number | null } {
  if (result.error === null) return { errorKind: null, errorStatus: null };
  const status = result.errorStatus ?? (row && row.status >= 400 ? row.status : null);
  return {
    errorKind: chatErrorKind({ codes: [...result.errorCodes, row?.errorKind ?? null], status }),
    errorStatus: status,
  };
}

export interface ChatServiceDeps {
  store: Store;
  /** The gateway's base URL while it listens; the Chat page calls it like any tool. */
  gatewayUrl(): string | null;
  /** Why the gateway is not listening, for the message shown instead of an answer. */
  gatewayProblem(): string | null;
  /** The app's internal local token (its log rows show client `app`). */
  token: string;
  emit<E extends 'chat.delta' | 'chat.done'>(event: E, payload: AppEvents[E]): void;
  log: (line: string) => void;
}

interface ActiveAnswer {
  conversationId: string;
  controller: AbortController;
  done: Promise<void>;
}

/** `chat→gemini (translated)`: how the gateway served the answer, from its log entry. */
const routeLabel = (row: LogRow): string | null =>
  row.clientFormat && row.upstreamFormat
    ? `${row.clientFormat}→${row.upstreamFormat} (${row.route})`
    : null;

/**
 * The Chat page. Conversations live in the store; answers come from the app's own gateway over
 * HTTP and stream to the UI as `chat.delta` events, ending with `chat.done`.
 */
export class ChatService {
  private readonly deps: ChatServiceDeps;
  /** Answers being written, by assistant message id. */
  private readonly active = new Map<string, ActiveAnswer>();

  constructor(deps: ChatServiceDeps) {
    this.deps = deps;
  }

  list(): Conversation[] {
    return this.deps.store.conversations.list();
  }

  /** On the store reader's thread: a search reads every message. */
  search(query: string): Promise<Conversation[]> {
    return this.deps.store.reader.read('searchConversations', query);
  }

  get(id: string): ConversationWithMessages | null {
    return this.deps.store.conversations.get(id);
  }

  tree(id: string): ConversationTree | null {
    return this.deps.store.conversations.tree(id);
  }

  /** Shows another version of a message; refused while an answer is being written there. */
  showVersion(messageId: string): ConversationWithMessages {
    const conversations = this.deps.store.conversations;
    const message = conversations.message(messageId);
    if (!message) throw messageNotFound(messageId);
    this.assertIdle(message.conversationId);
    const shown = conversations.showVersion(messageId);
    if (!shown) throw messageNotFound(messageId);
    return shown;
  }

  create(input: ChatCreateParams): Conversation {
    return this.deps.store.conversations.create(input);
  }

  update(id: string, patch: Omit<ChatUpdateParams, 'id'>): Conversation {
    const updated = this.deps.store.conversations.update(id, patch);
    if (!updated) throw notFound(id);
    return updated;
  }

  async delete(id: string): Promise<void> {
    await this.stopConversation(id);
    if (!this.deps.store.conversations.delete(id)) throw notFound(id);
  }

  /**
   * Appends the user's message (its text and attached files) and starts the answer; returns
   * before it streams.
   */
  send(
    conversationId: string,
    content: string,
    attachments: readonly ChatAttachment[] = [],
  ): { user: ChatMessage; assistant: ChatMessage } {
    const conversation = this.ready(conversationId);
    const conversations = this.deps.store.conversations;
    const user = conversations.appendMessage(conversationId, {
      role: 'user',
      content,
      attachments,
    });
    const isFirst = !conversation.messages.some((m) => m.role === 'user');
    if (isFirst && conversation.title === UNTITLED) {
      // Files sent without a word: the first file's name says what the chat is about.
      const title = titleFrom(content) || (attachments[0]?.name ?? '');
      if (title) conversations.update(conversationId, { title });
    }
    return { user, assistant: this.answer(conversationId, user.id) };
  }

  /** A new conversation from a logged request's captured body: its turns, model and prompt. */
  fromLog(requestId: string): { conversation: Conversation; omitted: string[] } {
    return conversationFromLog(this.deps.store, requestId);
  }

  /**
   * Sends a user message again with new text, as a new version of it beside the old one (its
   * attached files go with it), and answers it.
   */
  edit(
    messageId: string,
    content: string,
  ): { user: ChatMessage; assistant: ChatMessage; conversation: ConversationWithMessages } {
    const conversations = this.deps.store.conversations;
    const message = conversations.message(messageId);
    if (!message) throw messageNotFound(messageId);
    if (message.role !== 'user')
      throw new AppError('bad_request', 'Only your own messages can be edited and sent again.', {
        i18n: errorText('chat.errors.editOnlyOwn'),
      });
    const conversationId = message.conversationId;
    this.ready(conversationId);
    const user = conversations.appendMessage(
      conversationId,
      { role: 'user', content, attachments: message.attachments },
      message.parentId,
    );
    const assistant = this.answer(conversationId, user.id);
    return { user, assistant, conversation: this.shown(conversationId) };
  }

  /** Deletes one message; refused while its conversation has an answer being written. */
  deleteMessage(messageId: string): void {
    const message = this.deps.store.conversations.message(messageId);
    if (!message) throw messageNotFound(messageId);
    this.assertIdle(message.conversationId);
    this.deps.store.conversations.deleteMessage(messageId);
  }

  /**
   * Asks the last question shown again: a new version of the answer shown after it (the old
   * one is kept), or a first answer when it has none.
   */
  regenerate(conversationId: string): {
    assistant: ChatMessage;
    conversation: ConversationWithMessages;
  } {
    const messages = this.ready(conversationId).messages;
    const last = messages.at(-1);
    const questionId = last?.role === 'assistant' ? last.parentId : (last?.id ?? null);
    const asked = messages.findIndex((m) => m.id === questionId);
    if (questionId === null || !messages.slice(0, asked + 1).some((m) => m.role === 'user'))
      throw new AppError('bad_request', 'There is no question to answer again.', {
        i18n: errorText('chat.errors.nothingToRegenerate'),
      });
    const assistant = this.answer(conversationId, questionId);
    return { assistant, conversation: this.shown(conversationId) };
  }

  /** Cancels an answer in progress; resolves once its partial text is saved. */
  async stop(messageId: string): Promise<void> {
    const answer = this.active.get(messageId);
    if (!answer) return;
    answer.controller.abort();
    await answer.done;
  }

  /** Stops every answer in progress (the app is closing). */
  async close(): Promise<void> {
    const answers = [...this.active.values()];
    for (const answer of answers) answer.controller.abort();
    await Promise.all(answers.map((a) => a.done));
  }

  private async stopConversation(conversationId: string): Promise<void> {
    const answers = [...this.active.values()].filter((a) => a.conversationId === conversationId);
    for (const answer of answers) answer.controller.abort();
    await Promise.all(answers.map((a) => a.done));
  }

  /** The conversation, checked ready for a new answer: it exists, has a model, is idle. */
  private ready(conversationId: string): ConversationWithMessages & { model: string } {
    const conversation = this.deps.store.conversations.get(conversationId);
    if (!conversation) throw notFound(conversationId);
    if (!conversation.model)
      throw new AppError('bad_request', 'model: choose a model for this conversation first.', {
        i18n: errorText('chat.errors.noModel'),
      });
    this.assertIdle(conversationId);
    return { ...conversation, model: conversation.model };
  }

  private assertIdle(conversationId: string): void {
    for (const answer of this.active.values()) {
      if (answer.conversationId === conversationId)
        throw new AppError(
          'conflict',
          'An answer is still being written in this conversation. Stop it first.',
          { i18n: errorText('chat.errors.busy') },
        );
    }
  }

  private shown(conversationId: string): ConversationWithMessages {
    const conversation = this.deps.store.conversations.get(conversationId);
    if (!conversation) throw notFound(conversationId);
    return conversation;
  }

  /**
   * Adds an empty answer after `questionId` and streams the answer into it in the background.
   * The model is sent the path down to the question only: other versions are not part of it.
   */
  private answer(conversationId: string, questionId: string): ChatMessage {
    const conversations = this.deps.store.conversations;
    const conversation = conversations.get(conversationId);
    if (!conversation?.model) throw notFound(conversationId);
    const turns = turnsOf({
      systemPrompt: conversation.systemPrompt,
      messages: conversations.branch(questionId),
    });
    const model = conversation.model;
    // Streaming until finish(): its saves meanwhile leave the search index alone.
    const assistant = conversations.appendMessage(
      conversationId,
      { role: 'assistant', content: '', model, streaming: true },
      questionId,
    );
    const controller = new AbortController();
    const entry: ActiveAnswer = { conversationId, controller, done: Promise.resolve() };
    this.active.set(assistant.id, entry);
    const params = conversation.params;
    entry.done = this.stream(conversationId, assistant.id, model, turns, params, controller.signal)
      .catch((error: unknown) => {
        this.deps.log(
          `chat answer failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        try {
          // The text saved so far, indexed for search.
          conversations.updateMessage(assistant.id, { streaming: false });
        } catch {
          // The store is closed: the next search reads the message with LIKE.
        }
      })
      .finally(() => this.active.delete(assistant.id));
    return assistant;
  }

  private async stream(
    conversationId: string,
    messageId: string,
    model: string,
    turns: ChatTurn[],
    params: ChatParams,
    signal: AbortSignal,
  ): Promise<void> {
    const conversations = this.deps.store.conversations;
    const gatewayUrl = this.deps.gatewayUrl();
    if (!gatewayUrl) {
      this.finish(conversationId, messageId, {
        error: this.deps.gatewayProblem() ?? 'The gateway is not running.',
        errorKind: 'gateway_down',
      });
      return;
    }
    let lastSave = Date.now();
    let soFar = '';
    const result = await streamChatCompletion({
      gatewayUrl,
      token: this.deps.token,
      model,
      messages: turns,
      params,
      signal,
      onText: (text) => {
        soFar += text;
        this.deps.emit('chat.delta', { conversationId, messageId, text });
        if (Date.now() - lastSave >= SAVE_INTERVAL_MS) {
          lastSave = Date.now();
          conversations.updateMessage(messageId, { content: soFar });
        }
      },
    });
    const row = result.requestId ? await waitForLogEntry(this.deps.store, result.requestId) : null;
    this.finish(conversationId, messageId, {
      content: result.text,
      route: row ? routeLabel(row) : null,
      inputTokens: row?.usage?.inputTokens ?? result.usage?.inputTokens ?? null,
      outputTokens: row?.usage?.outputTokens ?? result.usage?.outputTokens ?? null,
      costUsd: row?.costUsd ?? null,
      error: result.error,
      ...failure(result, row),
      stopped: result.aborted,
    });
  }

  private finish(
    conversationId: string,
    messageId: string,
    patch: Parameters<Store['conversations']['updateMessage']>[1],
  ): void {
    // Idle before `chat.done` goes out: the UI may send or regenerate as soon as it sees it.
    this.active.delete(messageId);
    // Null when the conversation was deleted while the answer streamed: nothing to report.
    const message = this.deps.store.conversations.updateMessage(messageId, {
      ...patch,
      streaming: false,
    });
    if (message) this.deps.emit('chat.done', { conversationId, message });
  }
}

const messageNotFound = (id: string): AppError =>
  new AppError('not_found', `No message with id '${id}'.`, {
    i18n: errorText('chat.errors.messageNotFound', { id }),
  });

const notFound = (id: string): AppError =>
  new AppError('not_found', `No conversation with id '${id}'.`, {
    i18n: errorText('chat.errors.conversationNotFound', { id }),
  });
