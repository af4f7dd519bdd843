import type Database from 'better-sqlite3';
import type { ChatAttachment } from '../../shared/chat-attachments.ts';
import { ChatSearch } from './chat-search.ts';
import { CONVERSATION_ORDER, toConversation, type ConversationRow } from './conversation-row.ts';
import { parseAttachments, serializeAttachments } from './message-attachments.ts';
import { latestUnder, pathTo, versionsOf, type TreeNode } from './message-tree.ts';
import { newId } from './new-id.ts';

// The shapes are the renderer contract's, so the UI gets exactly what the store answers.
export type {
  ChatMessage,
  Conversation,
  ConversationTree,
  ConversationWithMessages,
} from '../../shared/contract.ts';
import type {
  ChatErrorKind,
  ChatMessage,
  ChatParams,
  Conversation,
  ConversationTree,
  ConversationWithMessages,
} from '../../shared/contract.ts';

type MessageRole = ChatMessage['role'];

export interface NewConversation {
  title?: string;
  model?: string | null;
  systemPrompt?: string | null;
  params?: ChatParams;
}

export type ConversationPatch = NewConversation;

export interface NewMessage {
  role: MessageRole;
  content: string;
  model?: string | null;
  route?: string | null;
  inputTokens?: number | null;
  outputTokens?: number | null;
  costUsd?: number | null;
  error?: string | null;
  errorKind?: ChatErrorKind | null;
  errorStatus?: number | null;
  stopped?: boolean;
  attachments?: readonly ChatAttachment[];
  /**
   * An answer that will stream into this message: search reads it with LIKE, without indexing
   * each save, until a patch sets this false (when the stream ends).
   */
  streaming?: boolean;
}

/** What a streaming answer fills in as it completes. Fields left out are kept. */
export type MessagePatch = Partial<Omit<NewMessage, 'role' | 'attachments'>>;

/**
 * A conversation nobody has named yet (its first question names it): the UI shows it in its own
 * language. Stored empty rather than as words, which would be one language's.
 */
export const UNTITLED = '';

interface MessageRow {
  seq: number;
  id: string;
  conversation_id: string;
  role: MessageRole;
  content: string;
  model: string | null;
  route: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
  error: string | null;
  /** A ChatErrorKind; the store keeps what it was given (isChatErrorKind reads it back). */
  error_kind: string | null;
  error_status: number | null;
  stopped: number;
  /** JSON (message-attachments.ts). */
  attachments: string;
  streaming: number;
  created_at: number;
  parent_id: string | null;
}

type MessageInsert = Omit<MessageRow, 'seq'>;

/** One flag and one value per column: a single prepared UPDATE serves every partial patch. */
interface MessageUpdate {
  id: string;
  set_content: number;
  content: string | null;
  set_model: number;
  model: string | null;
  set_route: number;
  route: string | null;
  set_input_tokens: number;
  input_tokens: number | null;
  set_output_tokens: number;
  output_tokens: number | null;
  set_cost_usd: number;
  cost_usd: number | null;
  set_error: number;
  error: string | null;
  set_error_kind: number;
  error_kind: string | null;
  set_error_status: number;
  error_status: number | null;
  set_stopped: number;
  stopped: number | null;
  set_streaming: number;
  streaming: number | null;
}

interface ConversationUpdate {
  id: string;
  set_title: number;
  title: string | null;
  set_model: number;
  model: string | null;
  set_system_prompt: number;
  system_prompt: string | null;
  set_params: number;
  params: string | null;
  updated_at: number;
}

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  conversationId: row.conversation_id,
  role: row.role,
  content: row.content,
  model: row.model,
  route: row.route,
  inputTokens: row.input_tokens,
  outputTokens: row.output_tokens,
  costUsd: row.cost_usd,
  error: row.error,
  errorKind: isChatErrorKind(row.error_kind) ? row.error_kind : null,
  errorStatus: row.error_status,
  stopped: row.stopped === 1,
  attachments: parseAttachments(row.attachments),
  createdAt: row.created_at,
  parentId: row.parent_id,
});

const CHAT_ERROR_KINDS: ReadonlySet<string> = new Set<ChatErrorKind>([
  'unreachable',
  'key_rejected',
  'no_key',
  'model_cannot_chat',
  'rate_limited',
  'account_limit',
  'upstream_error',
  'model_error',
  'gateway_down',
]);

/** A kind a newer app wrote that this one does not know reads as none: worded by its text. */
const isChatErrorKind = (kind: string | null): kind is ChatErrorKind =>
  kind !== null && CHAT_ERROR_KINDS.has(kind);

interface NodeRow {
  id: string;
  parent_id: string | null;
}

const toNode = (row: NodeRow): TreeNode => ({ id: row.id, parentId: row.parent_id });

const flag = (present: boolean): number => (present ? 1 : 0);

const setIf = (column: string): string =>
  `${column} = CASE WHEN @set_${column} THEN @${column} ELSE ${column} END`;

/** The Chat page's conversations and their messages. */
export class ConversationRepo {
  private readonly db: Database.Database;
  private readonly now: () => number;
  private readonly insertConversation: Database.Statement<[ConversationRow]>;
  private readonly conversationById: Database.Statement<[string], ConversationRow>;
  private readonly allConversations: Database.Statement<[], ConversationRow>;
  private readonly updateConversation: Database.Statement<[ConversationUpdate]>;
  private readonly touchConversation: Database.Statement<[number, string]>;
  private readonly removeConversation: Database.Statement<[string]>;
  private readonly insertMessage: Database.Statement<[MessageInsert]>;
  private readonly messagesOf: Database.Statement<[string], MessageRow>;
  private readonly messageById: Database.Statement<[string], MessageRow>;
  private readonly patchMessage: Database.Statement<[MessageUpdate]>;
  private readonly removeMessage: Database.Statement<[string]>;
  private readonly nodesOf: Database.Statement<[string], NodeRow>;
  private readonly newestOf: Database.Statement<[string], NodeRow>;
  private readonly messagesByIds: Database.Statement<[string], MessageRow>;
  private readonly setLeaf: Database.Statement<[string | null, string]>;
  private readonly adoptChildren: Database.Statement<[string | null, string, string]>;
  private readonly chatSearch: ChatSearch;

  constructor(db: Database.Database, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
    this.insertConversation = db.prepare<[ConversationRow]>(
      `INSERT INTO conversations (id, title, model, system_prompt, params, created_at, updated_at)
       VALUES (@id, @title, @model, @system_prompt, @params, @created_at, @updated_at)`,
    );
    this.conversationById = db.prepare<[string], ConversationRow>(
      'SELECT * FROM conversations WHERE id = ?',
    );
    this.allConversations = db.prepare<[], ConversationRow>(
      `SELECT * FROM conversations c ORDER BY ${CONVERSATION_ORDER}`,
    );
    this.updateConversation = db.prepare<[ConversationUpdate]>(
      `UPDATE conversations SET ${setIf('title')}, ${setIf('model')}, ${setIf('system_prompt')},
         ${setIf('params')}, updated_at = @updated_at
       WHERE id = @id`,
    );
    this.touchConversation = db.prepare<[number, string]>(
      'UPDATE conversations SET updated_at = ? WHERE id = ?',
    );
    this.removeConversation = db.prepare<[string]>('DELETE FROM conversations WHERE id = ?');
    this.insertMessage = db.prepare<[MessageInsert]>(
      `INSERT INTO messages (id, conversation_id, role, content, model, route, input_tokens,
         output_tokens, cost_usd, error, error_kind, error_status, stopped, attachments, streaming,
         created_at, parent_id)
       VALUES (@id, @conversation_id, @role, @content, @model, @route, @input_tokens,
         @output_tokens, @cost_usd, @error, @error_kind, @error_status, @stopped, @attachments,
         @streaming, @created_at, @parent_id)`,
    );
    this.messagesOf = db.prepare<[string], MessageRow>(
      'SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq',
    );
    this.messageById = db.prepare<[string], MessageRow>('SELECT * FROM messages WHERE id = ?');
    this.patchMessage = db.prepare<[MessageUpdate]>(
      `UPDATE messages SET ${['content', 'model', 'route', 'input_tokens', 'output_tokens', 'cost_usd', 'error', 'error_kind', 'error_status', 'stopped', 'streaming'].map(setIf).join(', ')}
       WHERE id = @id`,
    );
    this.removeMessage = db.prepare<[string]>('DELETE FROM messages WHERE id = ?');
    // The tree's shape without the texts: a conversation with many versions reads the text of
    // the path shown only.
    this.nodesOf = db.prepare<[string], NodeRow>(
      'SELECT id, parent_id FROM messages WHERE conversation_id = ? ORDER BY seq',
    );
    this.newestOf = db.prepare<[string], NodeRow>(
      'SELECT id, parent_id FROM messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1',
    );
    this.messagesByIds = db.prepare<[string], MessageRow>(
      `SELECT m.* FROM json_each(?) j JOIN messages m ON m.id = j.value ORDER BY m.seq`,
    );
    this.setLeaf = db.prepare<[string | null, string]>(
      'UPDATE conversations SET active_leaf_id = ? WHERE id = ?',
    );
    this.adoptChildren = db.prepare<[string | null, string, string]>(
      'UPDATE messages SET parent_id = ? WHERE conversation_id = ? AND parent_id = ?',
    );
    this.chatSearch = new ChatSearch(db);
  }

  create(input: NewConversation = {}): Conversation {
    const at = this.now();
    const row: ConversationRow = {
      id: newId('conv'),
      title: input.title?.trim() || UNTITLED,
      model: input.model ?? null,
      system_prompt: input.systemPrompt ?? null,
      params: JSON.stringify(input.params ?? {}),
      created_at: at,
      updated_at: at,
      active_leaf_id: null,
    };
    this.insertConversation.run(row);
    return toConversation(row);
  }

  /** A new conversation with its messages already in it: all of it is stored, or none. */
  createWithMessages(input: NewConversation, messages: readonly NewMessage[]): Conversation {
    return this.db.transaction(() => {
      const conversation = this.create(input);
      for (const message of messages) this.appendMessage(conversation.id, message);
      const row = this.conversationById.get(conversation.id);
      return row ? toConversation(row) : conversation;
    })();
  }

  /**
   * Conversations whose title or some message holds every word of `query` (each word may be in
   * a different place), as chat-search.ts matches words; most recently updated first.
   */
  search(query: string): Conversation[] {
    return this.chatSearch.search(query);
  }

  /** Most recently updated first, without messages. */
  list(): Conversation[] {
    return this.allConversations.all().map(toConversation);
  }

  /** The conversation with the path of versions shown. */
  get(id: string): ConversationWithMessages | null {
    return this.db.transaction(() => {
      const row = this.conversationById.get(id);
      if (!row) return null;
      const nodes = this.nodesOf.all(id).map(toNode);
      const path = pathTo(nodes, shownLeaf(nodes, row.active_leaf_id));
      return {
        ...toConversation(row),
        messages: this.messagesByIds.all(JSON.stringify(path)).map(toMessage),
        versions: versionsOf(nodes, path),
      };
    })();
  }

  /** Every version of every message, in the order written, and the path shown. */
  tree(id: string): ConversationTree | null {
    return this.db.transaction(() => {
      const row = this.conversationById.get(id);
      if (!row) return null;
      const messages = this.messagesOf.all(id).map(toMessage);
      const nodes = messages.map((m) => ({ id: m.id, parentId: m.parentId }));
      return {
        ...toConversation(row),
        messages,
        shownPath: pathTo(nodes, shownLeaf(nodes, row.active_leaf_id)),
      };
    })();
  }

  /** The messages from the first down to `messageId` (what a question sent there follows). */
  branch(messageId: string): ChatMessage[] {
    return this.db.transaction(() => {
      const anchor = this.messageById.get(messageId);
      if (!anchor) return [];
      const path = pathTo(this.nodesOf.all(anchor.conversation_id).map(toNode), messageId);
      return this.messagesByIds.all(JSON.stringify(path)).map(toMessage);
    })();
  }

  /**
   * Shows version `messageId` of a message: the path through it down to the newest message
   * after it. Null when there is no such message.
   */
  showVersion(messageId: string): ConversationWithMessages | null {
    return this.db.transaction(() => {
      const message = this.messageById.get(messageId);
      if (!message) return null;
      const nodes = this.nodesOf.all(message.conversation_id).map(toNode);
      this.setLeaf.run(latestUnder(nodes, messageId), message.conversation_id);
      return this.get(message.conversation_id);
    })();
  }

  /** Fields left out are kept. Null when there is no such conversation. */
  update(id: string, patch: ConversationPatch): Conversation | null {
    const title = patch.title?.trim();
    const changes = this.updateConversation.run({
      id,
      set_title: flag(patch.title !== undefined),
      title: title || UNTITLED,
      set_model: flag(patch.model !== undefined),
      model: patch.model ?? null,
      set_system_prompt: flag(patch.systemPrompt !== undefined),
      system_prompt: patch.systemPrompt ?? null,
      set_params: flag(patch.params !== undefined),
      params: patch.params === undefined ? null : JSON.stringify(patch.params),
      updated_at: this.now(),
    }).changes;
    if (changes === 0) return null;
    const row = this.conversationById.get(id);
    return row ? toConversation(row) : null;
  }

  rename(id: string, title: string): boolean {
    return this.update(id, { title }) !== null;
  }

  /** Its messages go with it. */
  delete(id: string): boolean {
    return this.removeConversation.run(id).changes > 0;
  }

  /**
   * Adds a message after `parentId` (null: as a first message), by default after the last
   * message shown; the path shown then ends with it. Marks the conversation as just updated.
   */
  appendMessage(
    conversationId: string,
    message: NewMessage,
    parentId?: string | null,
  ): ChatMessage {
    return this.db.transaction(() => {
      const parent = parentId === undefined ? this.shownLeafOf(conversationId) : parentId;
      const added = this.insert(conversationId, message, parent);
      this.setLeaf.run(added.id, conversationId);
      return added;
    })();
  }

  private insert(
    conversationId: string,
    message: NewMessage,
    parentId: string | null,
  ): ChatMessage {
    const row: MessageInsert = {
      id: newId('msg'),
      conversation_id: conversationId,
      role: message.role,
      content: message.content,
      model: message.model ?? null,
      route: message.route ?? null,
      input_tokens: message.inputTokens ?? null,
      output_tokens: message.outputTokens ?? null,
      cost_usd: message.costUsd ?? null,
      error: message.error ?? null,
      error_kind: message.errorKind ?? null,
      error_status: message.errorStatus ?? null,
      stopped: flag(message.stopped === true),
      attachments: serializeAttachments(message.attachments ?? []),
      streaming: flag(message.streaming === true),
      created_at: this.now(),
      parent_id: parentId,
    };
    // The foreign key refuses a message for a conversation that does not exist.
    this.insertMessage.run(row);
    this.touchConversation.run(row.created_at, conversationId);
    return toMessage({ ...row, seq: 0 });
  }

  /** The id of the last message shown; null when the conversation has none (or is unknown). */
  private shownLeafOf(conversationId: string): string | null {
    const leaf = this.conversationById.get(conversationId)?.active_leaf_id;
    return leaf ?? this.newestOf.get(conversationId)?.id ?? null;
  }

  /** Null when there is no such message. */
  updateMessage(id: string, patch: MessagePatch): ChatMessage | null {
    return this.db.transaction(() => {
      const changes = this.patchMessage.run({
        id,
        set_content: flag(patch.content !== undefined),
        content: patch.content ?? null,
        set_model: flag(patch.model !== undefined),
        model: patch.model ?? null,
        set_route: flag(patch.route !== undefined),
        route: patch.route ?? null,
        set_input_tokens: flag(patch.inputTokens !== undefined),
        input_tokens: patch.inputTokens ?? null,
        set_output_tokens: flag(patch.outputTokens !== undefined),
        output_tokens: patch.outputTokens ?? null,
        set_cost_usd: flag(patch.costUsd !== undefined),
        cost_usd: patch.costUsd ?? null,
        set_error: flag(patch.error !== undefined),
        error: patch.error ?? null,
        set_error_kind: flag(patch.errorKind !== undefined),
        error_kind: patch.errorKind ?? null,
        set_error_status: flag(patch.errorStatus !== undefined),
        error_status: patch.errorStatus ?? null,
        set_stopped: flag(patch.stopped !== undefined),
        stopped: patch.stopped === undefined ? null : flag(patch.stopped),
        set_streaming: flag(patch.streaming !== undefined),
        streaming: patch.streaming === undefined ? null : flag(patch.streaming),
      }).changes;
      if (changes === 0) return null;
      const row = this.messageById.get(id);
      if (!row) return null;
      this.touchConversation.run(this.now(), row.conversation_id);
      return toMessage(row);
    })();
  }

  /** The message, or null when there is none with this id. */
  message(id: string): ChatMessage | null {
    const row = this.messageById.get(id);
    return row ? toMessage(row) : null;
  }

  /**
   * Deletes one message; what followed it then follows its parent, so only this message is
   * gone from every path through it. False when there was none.
   */
  deleteMessage(id: string): boolean {
    return this.db.transaction(() => {
      const row = this.messageById.get(id);
      if (!row) return false;
      const conversationId = row.conversation_id;
      this.adoptChildren.run(row.parent_id, conversationId, id);
      this.removeMessage.run(id);
      if (this.conversationById.get(conversationId)?.active_leaf_id === id) {
        // The path shown ended here: it now ends with the newest message after its parent
        // (another version of it, if any), or with the newest message of all (null).
        const nodes = this.nodesOf.all(conversationId).map(toNode);
        this.setLeaf.run(
          row.parent_id === null ? null : latestUnder(nodes, row.parent_id),
          conversationId,
        );
      }
      this.touchConversation.run(this.now(), conversationId);
      return true;
    })();
  }
}

/** The last message shown: the one chosen if it still exists, else the newest. */
function shownLeaf(nodes: readonly TreeNode[], chosen: string | null): string | null {
  return chosen !== null && nodes.some((n) => n.id === chosen) ? chosen : latestUnder(nodes, null);
}
