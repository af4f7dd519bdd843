import type Database from 'better-sqlite3';
import { holdsCjk } from './chat-search-cjk.ts';

/*
 * Migration 9's SQL: released with it, so never to change (a change is a new migration).
 *
 * Chat search (chat-search.ts) finds conversations through two FTS5 indexes of their titles and
 * messages, one entry per title and per message, so that writing a message re-indexes that one
 * message only:
 *
 * - chat_search_words: every text, split into words by the unicode61 tokenizer (case and
 *   diacritics folded), with the first three characters of each word indexed too, so that the
 *   shortest prefix searched for reads one list (a longer one reads the lists of the words it
 *   starts, found in chat_search_words_terms). detail=none: an entry says which texts hold a
 *   word, not where.
 * - chat_search_cjk: the texts that hold Chinese or Japanese (chat-search-cjk.ts), whose words
 *   unicode61 cannot split, as trigrams with positions (a longer word is a phrase of trigrams).
 *   Two U+FFFF (a noncharacter) end each text, so that each of its characters starts a trigram:
 *   a word of one or two characters is found through the trigrams it starts
 *   (chat_search_cjk_terms).
 *
 * Both are contentless (the text stays in its own table only) with deletes. An entry's rowid is
 * its conversation's key (high 32 bits) and its message's seq (0 for the title), so a match
 * names its conversation without a lookup; a key of its own in chat_search_keys, because VACUUM
 * may renumber the conversations' rowids.
 *
 * Not indexed, and searched by LIKE instead: an answer while it streams (`streaming` = 1: its
 * text is saved every second, and re-indexing a long answer each time costs milliseconds; it is
 * indexed once, when the stream ends) and the messages that existed before this migration and
 * are not yet indexed (chat-search-backfill.ts indexes them in batches after the store opens,
 * newest first, so that the first start after the update is not held up by building the index
 * of a large history; -1 in chat_search_backfill.below when there is nothing to do).
 */

/** SQL: the key of conversation `id`. */
const keyOf = (id: string): string =>
  `(SELECT key FROM chat_search_keys WHERE conversation_id = ${id})`;

/** SQL: whether message `m` (new or old) is in the index. */
const indexed = (m: string): string =>
  `(${m}.streaming = 0 AND ${m}.seq > (SELECT below FROM chat_search_backfill))`;

/** SQL: the rowid of the entry of message `seq` (0: the title) of conversation `id`. */
const rowidOf = (id: string, seq: string): string => `((${keyOf(id)} << 32) | ${seq})`;

/**
 * SQL: adds the entry of `text`, message `seq` (0: the title) of conversation `id`, where `when`
 * holds. None when the conversation has no key (a NULL rowid would be given a new one).
 */
const insertEntry = (id: string, seq: string, text: string, when: string): string => `
  INSERT INTO chat_search_words (rowid, text)
  SELECT (key << 32) | ${seq}, ${text} FROM chat_search_keys
  WHERE conversation_id = ${id} AND ${when};
  INSERT INTO chat_search_cjk (rowid, text)
  SELECT (key << 32) | ${seq}, ${text} || char(65535, 65535) FROM chat_search_keys
  WHERE conversation_id = ${id} AND ${when} AND ${holdsCjk(text)};`;

/** SQL: removes the entry that insertEntry added for the same arguments. */
const deleteEntry = (id: string, seq: string, text: string, when: string): string => `
  DELETE FROM chat_search_words WHERE ${when} AND rowid = ${rowidOf(id, seq)};
  DELETE FROM chat_search_cjk WHERE ${when} AND ${holdsCjk(text)} AND rowid = ${rowidOf(id, seq)};`;

const titleRowid = (c: string): string => rowidOf(`${c}.id`, '0');

/** Migration 9: the chat search index, with the titles; the messages are left to the backfill. */
export function createChatSearchIndex(db: Database.Database): void {
  db.exec(`
    -- An answer still streaming: its text is saved every second until the stream ends.
    ALTER TABLE messages ADD COLUMN streaming INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX messages_streaming ON messages (seq) WHERE streaming = 1;

    CREATE TABLE chat_search_keys (
      key INTEGER PRIMARY KEY,
      conversation_id TEXT NOT NULL UNIQUE
    );
    -- One row: the messages whose seq is at most \`below\` are not indexed yet.
    CREATE TABLE chat_search_backfill (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      below INTEGER NOT NULL
    );
    CREATE VIRTUAL TABLE chat_search_words USING fts5 (
      text, tokenize = 'unicode61 remove_diacritics 2', prefix = '3', detail = none,
      content = '', contentless_delete = 1
    );
    CREATE VIRTUAL TABLE chat_search_cjk USING fts5 (
      text, tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1
    );
    -- The words and trigrams of each, and how many entries hold each.
    CREATE VIRTUAL TABLE chat_search_words_terms USING fts5vocab (chat_search_words, row);
    CREATE VIRTUAL TABLE chat_search_cjk_terms USING fts5vocab (chat_search_cjk, row);

    CREATE TRIGGER chat_search_conversation_insert AFTER INSERT ON conversations BEGIN
      INSERT INTO chat_search_keys (conversation_id) VALUES (new.id);
      ${insertEntry('new.id', '0', 'new.title', '1')}
    END;
    CREATE TRIGGER chat_search_conversation_title AFTER UPDATE OF title ON conversations
    WHEN new.title IS NOT old.title BEGIN
      ${deleteEntry('old.id', '0', 'old.title', '1')}
      ${insertEntry('new.id', '0', 'new.title', '1')}
    END;
    -- All its entries at once. Its messages' trigger removes theirs only while the key exists:
    -- the foreign key may delete them before or after this runs (and not at all when off).
    CREATE TRIGGER chat_search_conversation_delete AFTER DELETE ON conversations BEGIN
      DELETE FROM chat_search_words WHERE rowid BETWEEN ${titleRowid('old')}
        AND ${titleRowid('old')} + 4294967295;
      DELETE FROM chat_search_cjk WHERE rowid BETWEEN ${titleRowid('old')}
        AND ${titleRowid('old')} + 4294967295;
      DELETE FROM chat_search_keys WHERE conversation_id = old.id;
    END;

    CREATE TRIGGER chat_search_message_insert AFTER INSERT ON messages
    WHEN ${indexed('new')} BEGIN
      ${insertEntry('new.conversation_id', 'new.seq', 'new.content', '1')}
    END;
    -- A streamed answer's saves change neither side's state: nothing runs for them.
    CREATE TRIGGER chat_search_message_update
    AFTER UPDATE OF content, streaming, conversation_id, seq ON messages
    WHEN (${indexed('old')} OR ${indexed('new')})
      AND (new.content IS NOT old.content OR new.streaming IS NOT old.streaming
           OR new.conversation_id IS NOT old.conversation_id OR new.seq IS NOT old.seq) BEGIN
      ${deleteEntry('old.conversation_id', 'old.seq', 'old.content', indexed('old'))}
      ${insertEntry('new.conversation_id', 'new.seq', 'new.content', indexed('new'))}
    END;
    CREATE TRIGGER chat_search_message_delete AFTER DELETE ON messages
    WHEN ${indexed('old')} BEGIN
      ${deleteEntry('old.conversation_id', 'old.seq', 'old.content', '1')}
    END;
  `);
  // The titles now (one per conversation: quick); the messages in batches after opening.
  db.exec(`
    INSERT INTO chat_search_keys (conversation_id)
    SELECT id FROM conversations ORDER BY created_at, id;
    INSERT INTO chat_search_words (rowid, text)
    SELECT k.key << 32, c.title
    FROM chat_search_keys k JOIN conversations c ON c.id = k.conversation_id
    ORDER BY k.key;
    INSERT INTO chat_search_cjk (rowid, text)
    SELECT k.key << 32, c.title || char(65535, 65535)
    FROM chat_search_keys k JOIN conversations c ON c.id = k.conversation_id
    WHERE ${holdsCjk('c.title')}
    ORDER BY k.key;
    INSERT INTO chat_search_backfill (id, below) SELECT 1, coalesce(max(seq), -1) FROM messages;
  `);
}
