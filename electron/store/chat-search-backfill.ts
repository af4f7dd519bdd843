import type Database from 'better-sqlite3';
import { holdsCjk } from './chat-search-cjk.ts';

/**
 * Builds the index of the messages that existed before migration 9, in the background, in two
 * stages recorded in chat_search_backfill.below:
 *
 * - `below` > 0: the messages whose seq is at most `below` are not indexed yet. A batch indexes
 *   the newest of them. 200,000 messages take about 20 s of CPU (bench/chat-search.ts): too long
 *   to hold the first start of the updated app, and the store is synchronous, so one statement
 *   would freeze the gateway as long. Until a message is indexed, search reads it with LIKE.
 * - `below` = 0: the segments the batches wrote are merged into one, a few pages at a time. A
 *   query reads each segment's lists of its words: on the index the batches leave, a query of
 *   many terms took three times as long (and FTS5 would merge them anyway, in one go, inside
 *   some later write of a message).
 * - `below` = -1: done; only the triggers write to the index from then on.
 *
 * The entries are those of migration 9's triggers (chat-search-migration.ts): its SQL, so never
 * to change either.
 */
export type BackfillStage = 'messages' | 'merge' | 'done';

const INDEXES = ['chat_search_words', 'chat_search_cjk'] as const;

export class ChatSearchBackfill {
  private readonly db: Database.Database;
  private readonly below: Database.Statement<[], number>;
  /** The seq that starts a batch of `limit` messages ending at `hi`, if there are that many. */
  private readonly batchStart: Database.Statement<[number, number], number>;
  private readonly indexWords: Database.Statement<[{ lo: number; hi: number }]>;
  private readonly indexCjk: Database.Statement<[{ lo: number; hi: number }]>;
  private readonly setBelow: Database.Statement<[number]>;
  private readonly merges: Database.Statement<[number]>[];
  private readonly totalChanges: Database.Statement<[], number>;

  constructor(db: Database.Database) {
    this.db = db;
    this.below = db.prepare<[], number>('SELECT below FROM chat_search_backfill').pluck();
    this.batchStart = db
      .prepare<[number, number], number>(
        'SELECT seq FROM messages WHERE seq <= ? ORDER BY seq DESC LIMIT 1 OFFSET ?',
      )
      .pluck();
    // In rowid order: FTS5 writes out what it holds whenever a rowid comes lower than the last.
    const entries = (text: string, where = ''): string =>
      `SELECT (k.key << 32) | m.seq, ${text}
       FROM messages m JOIN chat_search_keys k ON k.conversation_id = m.conversation_id
       WHERE m.seq >= @lo AND m.seq <= @hi AND m.streaming = 0 ${where}
       ORDER BY 1`;
    this.indexWords = db.prepare(
      `INSERT INTO chat_search_words (rowid, text) ${entries('m.content')}`,
    );
    this.indexCjk = db.prepare(
      `INSERT INTO chat_search_cjk (rowid, text)
       ${entries('m.content || char(65535, 65535)', `AND ${holdsCjk('m.content')}`)}`,
    );
    this.setBelow = db.prepare<[number]>('UPDATE chat_search_backfill SET below = ?');
    // A negative page count: merge whatever segments there are, not only full levels.
    this.merges = INDEXES.map((table) =>
      db.prepare<[number]>(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', -?)`),
    );
    this.totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  }

  get stage(): BackfillStage {
    const below = this.below.get() ?? -1;
    return below > 0 ? 'messages' : below === 0 ? 'merge' : 'done';
  }

  /**
   * Indexes up to `limit` of the messages left, the newest first, in one transaction (another
   * process on the same file may be doing the same: the state is read under the write lock).
   */
  indexMessages(limit: number): void {
    this.db
      .transaction(() => {
        const hi = this.below.get() ?? 0;
        if (hi <= 0) return;
        const start = this.batchStart.get(hi, Math.max(1, Math.floor(limit)) - 1);
        // Fewer than `limit` left: all of them (seq starts at 1).
        const lo = start ?? 0;
        this.indexWords.run({ lo, hi });
        this.indexCjk.run({ lo, hi });
        this.setBelow.run(Math.max(0, lo - 1));
      })
      .immediate();
  }

  /** Writes about `pages` pages of merged segments; once there is nothing to merge, done. */
  merge(pages: number): void {
    this.db
      .transaction(() => {
        if (this.stage !== 'merge') return;
        for (const merge of this.merges) {
          const before = this.totalChanges.get() ?? 0;
          merge.run(Math.max(1, Math.floor(pages)));
          // FTS5 counts a change for each page it writes: fewer than 2, nothing left to merge.
          if ((this.totalChanges.get() ?? 0) - before >= 2) return;
        }
        this.setBelow.run(-1);
      })
      .immediate();
  }

  /** Runs both stages to the end; for tests and the benchmark. */
  finish(): void {
    for (let stage = this.stage; stage !== 'done'; stage = this.stage) {
      if (stage === 'messages') this.indexMessages(2_000);
      else this.merge(1_000);
    }
  }
}

export interface BackgroundBackfillOptions {
  /** Before the first batch, so the app (or a short CLI command) opens first. */
  delayMs?: number;
  /** What a batch should take: its size follows the time the last one took. */
  batchMs?: number;
  onError?: (error: unknown) => void;
}

/** The next batch's size: the last one's scaled to take `batchMs`, within bounds. */
export const nextBatchSize = (size: number, tookMs: number, batchMs: number): number =>
  Math.min(5_000, Math.max(10, Math.round((size * batchMs) / Math.max(tookMs, 0.5))));

/**
 * Runs the backfill in the background: a batch of about `batchMs`, then the event loop free for
 * as long, so requests and streams wait on one batch at most and it takes half the loop at most.
 * Nothing is scheduled when it is done. The timer is unref'd; stops with the database. Returns a
 * stop.
 */
export function startChatSearchBackfill(
  db: Database.Database,
  options: BackgroundBackfillOptions = {},
): () => void {
  const backfill = new ChatSearchBackfill(db);
  if (backfill.stage === 'done') return () => {};
  const batchMs = options.batchMs ?? 10;
  const size = { messages: 100, merge: 16 };
  let timer: NodeJS.Timeout | null = null;
  const schedule = (ms: number): void => {
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = (): void => {
    timer = null;
    if (!db.open) return;
    const started = performance.now();
    let stage: BackfillStage;
    try {
      stage = backfill.stage;
      if (stage === 'messages') backfill.indexMessages(size.messages);
      else if (stage === 'merge') backfill.merge(size.merge);
      else return;
    } catch (error) {
      // Left for the next start; search reads what is not indexed with LIKE meanwhile.
      options.onError?.(error);
      return;
    }
    const took = performance.now() - started;
    size[stage] = nextBatchSize(size[stage], took, batchMs);
    schedule(Math.max(1, took));
  };
  schedule(options.delayMs ?? 1_000);
  return () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
}
