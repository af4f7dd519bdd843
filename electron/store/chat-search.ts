import type Database from 'better-sqlite3';
import type { Conversation } from '../../shared/contract.ts';
import { isCjkWord } from './chat-search-cjk.ts';
import { CONVERSATION_ORDER, toConversation, type ConversationRow } from './conversation-row.ts';

/**
 * A part of a word this long or longer matches the words it starts; a shorter one only itself
 * (`is` is not `issue`: the words a two-letter prefix starts are too many to read quickly, and
 * indexing those prefixes too would cost every write a third more).
 */
const PREFIX_MIN = 3;

/** A longer prefix is looked for as the OR of the words it starts, up to this many of them. */
const MAX_PREFIX_WORDS = 10;

/** Query words beyond this many are ignored. */
const MAX_SEARCH_WORDS = 8;

/**
 * Past this many trigrams starting with a Chinese or Japanese word of one or two characters, the
 * word is looked for with LIKE in the conversations that have such text (see wordSearch).
 */
const MAX_TERMS = 250;

/** Differently shaped queries prepared and kept; past this many the kept ones are dropped. */
const MAX_STATEMENTS = 64;

/** unicode61's token characters (categories L*, N* and Co): a word is split at any other. */
const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;

/** How one query word is looked for. */
interface WordSearch {
  /**
   * SQL true of a conversation (`c`, its key `k`) with the word in an indexed text, and its
   * parameters; null when no indexed text has it.
   */
  indexed: string | null;
  params: unknown[];
  /** LIKE patterns a text not yet indexed must all match. */
  likes: string[];
}

/** The conversations with an entry that matches the expression given as the parameter. */
const matching = (table: 'chat_search_words' | 'chat_search_cjk'): string =>
  `k.key IN (SELECT rowid >> 32 FROM ${table} WHERE ${table} MATCH ?)`;

/** An FTS5 string: in double quotes, doubled inside; nothing in it is query syntax. */
const ftsString = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** LIKE with the wildcards escaped, so `50%` means those characters. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL: `column` matches the LIKE pattern given as the parameter. */
const like = (column: string): string => `${column} LIKE ? ESCAPE '\\'`;

/**
 * The Chat page's search, over migration 9's indexes (chat-search-migration.ts). A conversation
 * matches when each word of the query is in its title or one of its messages (each word may be
 * in a different one); newest first. Reads only: a worker may run it on a read-only connection.
 *
 * - A word is split as the index splits text (at anything but letters and digits: `don't` is
 *   `don` and `t`, which must be in the same title or message); each part of three characters
 *   or more matches the words it starts (`ser` finds `server`), a shorter one only that word.
 *   Case is ignored, and the diacritics of Latin letters (`cafe` finds `Café`). Punctuation is
 *   not indexed: a word of nothing else (`"`, `*`, `-`) is left out of the search, and FTS5
 *   syntax in a query (`OR`, `NEAR(`, `col:`, `^`) is looked for as words, never obeyed.
 * - A word holding Chinese or Japanese (chat-search-cjk.ts) matches where it is in a text as it
 *   is (a substring): a word of three characters or more through its trigrams, a shorter one
 *   through the trigrams it starts.
 * - A message that is not indexed (an answer while it streams, a message from before migration
 *   8 until the backfill reaches it) is read with LIKE: each part, as a substring, ASCII case
 *   ignored.
 */
export class ChatSearch {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement<unknown[], ConversationRow>>();
  private readonly all: Database.Statement<[], ConversationRow>;
  private readonly below: Database.Statement<[], number>;
  private readonly streaming: Database.Statement<[], number>;
  private readonly wordsStarting: Database.Statement<[string, string], string>;
  private readonly trigramsStarting: Database.Statement<[string, string], string>;

  constructor(db: Database.Database) {
    this.db = db;
    this.all = db.prepare<[], ConversationRow>(
      `SELECT c.* FROM conversations c ORDER BY ${CONVERSATION_ORDER}`,
    );
    this.below = db.prepare<[], number>('SELECT below FROM chat_search_backfill').pluck();
    this.streaming = db
      .prepare<[], number>('SELECT EXISTS (SELECT 1 FROM messages WHERE streaming = 1)')
      .pluck();
    // Terms compare as UTF-8 bytes, which is code point order: every term starting with a word
    // sorts between it and it followed by the highest code points.
    const termsStarting = (table: string): Database.Statement<[string, string], string> =>
      db
        .prepare<[string, string], string>(
          `SELECT term FROM ${table} WHERE term >= ? AND term <= ? || char(1114111, 1114111)`,
        )
        .pluck();
    this.wordsStarting = termsStarting('chat_search_words_terms');
    this.trigramsStarting = termsStarting('chat_search_cjk_terms');
  }

  /** Conversations holding every word of `query`, newest first; all of them for no words. */
  search(query: string): Conversation[] {
    const words = query.normalize('NFC').trim().split(/\s+/).filter(Boolean);
    // One read transaction: a message is either in the index or read by LIKE, never neither.
    const rows = this.db.transaction(() => {
      const searches = words
        .slice(0, MAX_SEARCH_WORDS)
        .map((word) => this.wordSearch(word))
        .filter((s): s is WordSearch => s !== null);
      return searches.length === 0 ? this.all.all() : this.conversationsMatching(searches);
    })();
    return rows.map(toConversation);
  }

  /** Null: the word has nothing the index holds, and is left out. */
  private wordSearch(word: string): WordSearch | null {
    if (isCjkWord(word)) {
      const likes = [likePattern(word)];
      if ([...word].length >= 3) {
        return { indexed: matching('chat_search_cjk'), params: [ftsString(word)], likes };
      }
      const start = word.toLowerCase();
      const terms: string[] = [];
      for (const term of this.trigramsStarting.iterate(start, start)) {
        if (terms.length === MAX_TERMS) {
          // A character that many others follow is a common one: in each conversation that
          // has it, LIKE finds it after a few messages, sooner than the index reads its lists.
          return {
            indexed: `k.key IN (SELECT rowid >> 32 FROM chat_search_cjk)
              AND (${like('c.title')} OR EXISTS (SELECT 1 FROM messages m
                WHERE m.conversation_id = c.id AND ${like('m.content')}))`,
            params: [likes[0], likes[0]],
            likes,
          };
        }
        terms.push(term);
      }
      const expression = terms.map(ftsString).join(' OR ');
      return terms.length === 0
        ? { indexed: null, params: [], likes }
        : { indexed: matching('chat_search_cjk'), params: [expression], likes };
    }
    const parts = word.match(TOKEN);
    if (!parts) return null;
    const expressions = parts.map((part) => this.partExpression(part));
    return {
      indexed: expressions.includes(null) ? null : matching('chat_search_words'),
      params: [expressions.join(' AND ')],
      likes: parts.map(likePattern),
    };
  }

  /** The FTS5 expression for a part of a word (letters and digits); null: no word matches it. */
  private partExpression(part: string): string | null {
    const length = [...part].length;
    if (length < PREFIX_MIN) return ftsString(part);
    // FTS5 reads the lists of a prefix's words into one before the query (three times the time
    // of reading them as they are), unless the index holds that prefix: a longer one is the OR
    // of the words it starts, when they are few. ASCII only, whose folding is plain lowercase.
    if (length === PREFIX_MIN || !/^[A-Za-z0-9]+$/.test(part)) return `${ftsString(part)}*`;
    const start = part.toLowerCase();
    const words: string[] = [];
    for (const word of this.wordsStarting.iterate(start, start)) {
      if (words.length === MAX_PREFIX_WORDS) return `${ftsString(part)}*`;
      words.push(word);
    }
    if (words.length === 0) return null;
    return `(${words.map(ftsString).join(' OR ')})`;
  }

  private conversationsMatching(searches: readonly WordSearch[]): ConversationRow[] {
    const below = this.below.get() ?? 0;
    const streaming = this.streaming.get() === 1;
    const conditions: string[] = [];
    const params: unknown[] = [];
    for (const s of searches) {
      const alternatives: string[] = [];
      if (s.indexed !== null) {
        alternatives.push(s.indexed);
        params.push(...s.params);
      }
      const likes = s.likes.map(() => like('content')).join(' AND ');
      if (streaming) {
        alternatives.push(
          `c.id IN (SELECT conversation_id FROM messages WHERE streaming = 1 AND ${likes})`,
        );
        params.push(...s.likes);
      }
      if (below > 0) {
        // Per conversation, stopping at its first message that has the word, as the scan of
        // before the index did: a common word is found after a message or two.
        alternatives.push(
          `EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.seq <= ?
             AND ${s.likes.map(() => like('m.content')).join(' AND ')})`,
        );
        params.push(below, ...s.likes);
      }
      if (alternatives.length === 0) return [];
      conditions.push(`(${alternatives.join(' OR ')})`);
    }
    const sql = `SELECT c.* FROM conversations c JOIN chat_search_keys k ON k.conversation_id = c.id
      WHERE ${conditions.join(' AND ')} ORDER BY ${CONVERSATION_ORDER}`;
    return this.statement(sql).all(...params);
  }

  private statement(sql: string): Database.Statement<unknown[], ConversationRow> {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      statement = this.db.prepare<unknown[], ConversationRow>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
