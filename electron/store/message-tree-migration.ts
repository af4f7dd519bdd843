import type Database from 'better-sqlite3';

/*
 * Migration 12's SQL: released with it, so never to change (a change is a new migration).
 *
 * A conversation becomes a tree: each message names the message it follows (`parent_id`; NULL
 * for a first message), so regenerating an answer or editing a question adds a sibling instead
 * of replacing what was there. The conversation shows one path, from a first message down to
 * `active_leaf_id`; NULL there means "down to the newest message", which for the chains this
 * migration makes is the whole conversation as it was.
 *
 * No foreign key on `parent_id`: deleting a message hands its children to its own parent
 * (conversation-repo.ts), which a cascade or SET NULL would not do. Neither column is one the
 * chat search triggers watch (content, streaming, conversation_id, seq), so the index is left as
 * it is and keeps every version of every message.
 */
export function createMessageTree(db: Database.Database): void {
  db.exec(`
    ALTER TABLE messages ADD COLUMN parent_id TEXT;
    ALTER TABLE conversations ADD COLUMN active_leaf_id TEXT;
    -- Every existing conversation becomes a chain in the order it was written: each message
    -- follows the one before it (one look-up in messages_conversation each).
    UPDATE messages SET parent_id = (
      SELECT p.id FROM messages p
      WHERE p.conversation_id = messages.conversation_id AND p.seq < messages.seq
      ORDER BY p.seq DESC LIMIT 1
    );
  `);
}
