import type { ChatParams, Conversation } from '../../shared/contract.ts';

/** A `conversations` row as SQLite returns it. */
export interface ConversationRow {
  id: string;
  title: string;
  model: string | null;
  system_prompt: string | null;
  params: string;
  created_at: number;
  updated_at: number;
  /** The last message of the path shown; null: down to the newest message. */
  active_leaf_id: string | null;
}

/** Newest first, as the Chat page lists them (`c`: the conversations table's alias). */
export const CONVERSATION_ORDER = 'c.updated_at DESC, c.created_at DESC, c.id';

export const toConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  title: row.title,
  model: row.model,
  systemPrompt: row.system_prompt,
  params: parseParams(row.params),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Stored as JSON; a damaged value means the model's defaults rather than a broken chat. */
function parseParams(json: string): ChatParams {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as ChatParams) : {};
  } catch {
    return {};
  }
}
