import type Database from 'better-sqlite3';
import { toConversation, type Conversation, type ConversationRow } from './conversation-repo.ts';
import { escapeLike } from './log-filter.ts';

/** Words past this many are ignored: each one adds a scan of the messages. */
const MAX_WORDS = 8;

/**
 * The Chat page's search: a read apart from the repository that writes conversations, so the
 * store reader's worker can run it on its read-only connection (store-reader.ts).
 */
export class ConversationSearch {
  private readonly db: Database.Database;

  constructor(db: Database.Database) {
    this.db = db;
  }

  /**
   * Conversations whose title or some message contains every word of `query` (each word may be
   * in a different place), case-insensitive for ASCII; most recently updated first. No words:
   * every conversation.
   */
  search(query: string): Conversation[] {
    const words = query.trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
    // LIKE with the wildcards in the user's words escaped, so `50%` means those characters.
    const patterns = words.map((w) => `%${escapeLike(w)}%`);
    const clause = patterns
      .map(
        () => `(c.title LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM messages m
          WHERE m.conversation_id = c.id AND m.content LIKE ? ESCAPE '\\'))`,
      )
      .join(' AND ');
    const rows = this.db
      .prepare<string[], ConversationRow>(
        `SELECT c.* FROM conversations c ${clause ? `WHERE ${clause}` : ''}
         ORDER BY c.updated_at DESC, c.created_at DESC, c.id`,
      )
      .all(...patterns.flatMap((p) => [p, p]));
    return rows.map(toConversation);
  }
}
