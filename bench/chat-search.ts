/**
 * `npx node bench/chat-search.ts`: chat search at the size of a year of heavy use. Seeds a store
 * of schema 7 (before the search index) in a real SQLite file with 5,000 conversations of 40
 * messages (bench/chat-search-seed.ts) and then, as an update of the app meets it:
 *
 * - times migration 9 (the index's tables, triggers and the titles) and the backfill of the
 *   messages in batches of about 10 ms (chat-search-backfill.ts), and the index's size;
 * - times each query of a set (common, rare and missing words, short words, prefixes, Chinese,
 *   two words) as the Chat page sends it: the LIKE scan the app ran before and the search
 *   through the index, alternated round by round. Each answer is checked against an oracle of
 *   the index's word semantics in JavaScript (every title and message), and against the LIKE
 *   scan where the two semantics give the same conversations (the queries marked so);
 * - times what the index costs the Chat page's writes: a question appended, an answer saved as
 *   it streams (once a second) and when it ends, a conversation deleted; before and after.
 *
 * Target: every query within 50 ms (median). Writes bench/results/chat-search.md and .json.
 * `--conversations N` and `--messages M` (per conversation) seed another size.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, release } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { ChatSearchBackfill, nextBatchSize } from '../electron/store/chat-search-backfill.ts';
import { ChatSearch } from '../electron/store/chat-search.ts';
import { MIGRATIONS, runMigrations } from '../electron/store/migrations.ts';
import { openStore } from '../electron/store/open-store.ts';
import { queryWords, wordMatcher } from '../test/doubles/store/chat-search-oracle.ts';
import { makeTempDir } from '../test/doubles/store/temp-dir.ts';
import { RARE, seedChats } from './chat-search-seed.ts';
import { watchLoad } from './machine-load.ts';
import { median, percentile } from './stats.ts';

const TARGET_MS = 50;
const ROUNDS = 12;
/** What the backfill aims a batch at (chat-search-backfill.ts's default). */
const BATCH_MS = 10;

interface Query {
  kind: string;
  query: string;
  /** Whether word/prefix matching finds the same conversations as the substring LIKE here. */
  sameAsLike: boolean;
}

const QUERIES: readonly Query[] = [
  { kind: 'common word', query: 'the', sameAsLike: true },
  { kind: 'common word, 8 letters', query: 'function', sameAsLike: true },
  { kind: 'rare word', query: RARE.word, sameAsLike: true },
  { kind: 'no match', query: 'xylophone', sameAsLike: true },
  // A substring of many words (`token`, `broken`), the start of few.
  { kind: 'short word', query: 'ok', sameAsLike: false },
  { kind: 'short word, no match', query: 'qz', sameAsLike: true },
  { kind: 'short word in most messages', query: 'is', sameAsLike: true },
  { kind: 'one letter', query: 'a', sameAsLike: true },
  { kind: 'prefix of many words', query: 'ver', sameAsLike: true },
  { kind: 'prefix', query: 'serv', sameAsLike: true },
  { kind: 'CJK', query: '数据库', sameAsLike: true },
  { kind: 'CJK, two characters', query: '数据', sameAsLike: true },
  { kind: 'CJK, one character', query: '的', sameAsLike: true },
  { kind: 'CJK, rare', query: RARE.zh, sameAsLike: true },
  { kind: 'two words', query: 'server error', sameAsLike: true },
];

interface Timing {
  p50: number;
  p95: number;
  /** The first run: statements prepared, pages not yet in SQLite's cache. */
  first: number;
}

interface QueryResult extends Query {
  /** Conversations found through the index (the same as the oracle's: checked). */
  found: number;
  foundByLike: number;
  before: Timing;
  after: Timing;
}

/** A stage of the backfill: its batches, and the time they took (ms). */
interface BackfillStage {
  ms: number;
  batches: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Median µs of one operation, before the index and with it. */
interface WriteCost {
  before: number;
  after: number;
}

interface ChatSearchResult {
  conversations: number;
  messages: number;
  textMiB: number;
  databaseMiBBefore: number;
  databaseMiBAfter: number;
  /** Pages of the index's tables (chat_search_*), and of each FTS5 index. */
  indexMiB: number;
  wordsIndexMiB: number;
  cjkIndexMiB: number;
  /** Messages holding Chinese or Japanese (in the trigram index too). */
  cjkMessages: number;
  seedSeconds: number;
  migrationMs: number;
  backfill: { seconds: number; cpuSeconds: number; messages: BackfillStage; merge: BackfillStage };
  /** A query while nothing is indexed yet (all messages read by LIKE). */
  beforeBackfillMs: { query: string; ms: number }[];
  rounds: number;
  queries: QueryResult[];
  writes: {
    answerChars: number;
    append: WriteCost;
    appendChinese: WriteCost;
    streamedSave: WriteCost;
    finalSave: WriteCost;
    deleteConversation: WriteCost;
  };
  otherLoad: number;
}

const time = (run: () => unknown): number => {
  const start = performance.now();
  run();
  return performance.now() - start;
};

const summarize = (first: number, runs: readonly number[]): Timing => ({
  p50: median(runs),
  p95: percentile(runs, 95),
  first,
});

const fileMiB = (db: Database.Database): number =>
  ((db.pragma('page_count', { simple: true }) as number) *
    (db.pragma('page_size', { simple: true }) as number)) /
  2 ** 20;

const tablesMiB = (db: Database.Database, pattern: string): number =>
  (db
    .prepare<[string], number>(`SELECT sum(pgsize) FROM dbstat WHERE name LIKE ? ESCAPE '\\'`)
    .pluck()
    .get(pattern) ?? 0) /
  2 ** 20;

/** The search the app ran before the index (conversation-repo.ts until migration 9). */
function likeScan(db: Database.Database, query: string): string[] {
  const patterns = queryWords(query).map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const clause = patterns
    .map(
      () => `(c.title LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM messages m
        WHERE m.conversation_id = c.id AND m.content LIKE ? ESCAPE '\\'))`,
    )
    .join(' AND ');
  return db
    .prepare<string[], string>(
      `SELECT c.id FROM conversations c WHERE ${clause}
       ORDER BY c.updated_at DESC, c.created_at DESC, c.id`,
    )
    .pluck()
    .all(...patterns.flatMap((p) => [p, p]));
}

/** The conversations the oracle finds, in the app's order: every title and message read. */
function oracle(db: Database.Database, query: string): string[] {
  const matchers = queryWords(query)
    .map(wordMatcher)
    .filter((m) => m !== null);
  db.function('bench_oracle', { deterministic: true }, (text: unknown, i: unknown) =>
    matchers[Number(i)]!(String(text)) ? 1 : 0,
  );
  const clause =
    matchers
      .map(
        (_, i) => `(bench_oracle(c.title, ${i}) OR EXISTS (SELECT 1 FROM messages m
        WHERE m.conversation_id = c.id AND bench_oracle(m.content, ${i})))`,
      )
      .join(' AND ') || '1';
  return db
    .prepare<[], string>(
      `SELECT c.id FROM conversations c WHERE ${clause}
       ORDER BY c.updated_at DESC, c.created_at DESC, c.id`,
    )
    .pluck()
    .all();
}

/**
 * What the Chat page writes, with raw SQL the same before the index and with it: a question
 * appended (and the conversation touched), an answer appended empty and saved as it streams at
 * its full length, then saved once more as it ends, and a conversation deleted with its
 * messages. Median µs each.
 */
function measureWrites(
  db: Database.Database,
  texts: { answer: string; question: string; chinese: string },
  withIndex: boolean,
): Record<
  'append' | 'appendChinese' | 'streamedSave' | 'finalSave' | 'deleteConversation',
  number
> {
  const conversations = db
    .prepare<[], string>('SELECT id FROM conversations ORDER BY updated_at DESC LIMIT 40')
    .pluck()
    .all();
  const target = conversations[0]!;
  interface Row {
    id: string;
    conversation: string;
    content: string;
    at: number;
    streaming?: number;
  }
  const insert = db.prepare<[Row]>(
    withIndex
      ? `INSERT INTO messages (id, conversation_id, role, content, created_at, streaming)
         VALUES (@id, @conversation, 'user', @content, @at, @streaming)`
      : `INSERT INTO messages (id, conversation_id, role, content, created_at)
         VALUES (@id, @conversation, 'user', @content, @at)`,
  );
  const touch = db.prepare<[number, string]>(
    'UPDATE conversations SET updated_at = ? WHERE id = ?',
  );
  const save = db.prepare<[string, string]>('UPDATE messages SET content = ? WHERE id = ?');
  // As the stream ends: the text, and no longer streaming.
  const finish = db.prepare<[string, string]>(
    `UPDATE messages SET content = ?${withIndex ? ', streaming = 0' : ''} WHERE id = ?`,
  );
  const append = (id: string, content: string, streaming: number): void => {
    db.transaction(() => {
      const at = Date.now();
      insert.run({ id, conversation: target, content, at, ...(withIndex ? { streaming } : {}) });
      touch.run(at, target);
    })();
  };
  const n = 100;
  const appendUs: number[] = [];
  const appendChineseUs: number[] = [];
  const saveUs: number[] = [];
  const finalUs: number[] = [];
  for (let i = 0; i < n; i += 1) {
    appendUs.push(time(() => append(`msg_bench_q_${i}`, texts.question, 0)) * 1000);
    appendChineseUs.push(time(() => append(`msg_bench_z_${i}`, texts.chinese, 0)) * 1000);
    append(`msg_bench_a_${i}`, '', 1);
    saveUs.push(
      time(() => db.transaction(() => save.run(texts.answer, `msg_bench_a_${i}`))()) * 1000,
    );
    finalUs.push(
      time(() => db.transaction(() => finish.run(texts.answer, `msg_bench_a_${i}`))()) * 1000,
    );
  }
  db.prepare(`DELETE FROM messages WHERE id LIKE 'msg\\_bench\\_%' ESCAPE '\\'`).run();
  // Copies of conversations (their title and messages), deleted: the store keeps its own.
  const copy = db.prepare<[string, string]>(
    `INSERT INTO conversations (id, title, model, created_at, updated_at)
     SELECT ?, title, model, created_at, updated_at FROM conversations WHERE id = ?`,
  );
  const copyMessages = db.prepare<[string, string, string]>(
    `INSERT INTO messages (id, conversation_id, role, content, model, created_at)
     SELECT ? || seq, ?, role, content, model, created_at FROM messages WHERE conversation_id = ?`,
  );
  const remove = db.prepare<[string]>('DELETE FROM conversations WHERE id = ?');
  const deleteUs = conversations.slice(1, 31).map((id, i) => {
    const copyId = `conv_bench_copy_${i}`;
    db.transaction(() => {
      copy.run(copyId, id);
      copyMessages.run(`msg_bench_copy_${i}_`, copyId, id);
    })();
    return time(() => remove.run(copyId)) * 1000;
  });
  return {
    append: median(appendUs),
    appendChinese: median(appendChineseUs),
    streamedSave: median(saveUs),
    finalSave: median(finalUs),
    deleteConversation: median(deleteUs),
  };
}

async function measure(
  size: { conversations: number; messagesPerConversation: number },
  log: (line: string) => void,
): Promise<ChatSearchResult> {
  const temp = makeTempDir('mgw-chat-search-');
  try {
    // Schema 7, with the pragmas openStore sets.
    const db = new Database(join(temp.dir, 'gateway.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('secure_delete = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    runMigrations(
      db,
      MIGRATIONS.filter((m) => m.version < 9),
    );
    let started = performance.now();
    const seeded = seedChats(db, size);
    const seedSeconds = (performance.now() - started) / 1000;
    log(
      `seeded ${seeded.conversations} conversations, ${seeded.messages} messages (${(seeded.textBytes / 2 ** 20).toFixed(0)} MiB of text) in ${seedSeconds.toFixed(1)} s`,
    );
    db.pragma('wal_checkpoint(TRUNCATE)');
    const databaseMiBBefore = fileMiB(db);
    const pick = (sql: string): string => db.prepare<[], string>(sql).pluck().get() ?? '';
    const texts = {
      answer: pick(
        "SELECT content FROM messages WHERE role = 'assistant' ORDER BY length(content) DESC LIMIT 1",
      ),
      question: pick(
        "SELECT content FROM messages WHERE role = 'user' AND length(content) BETWEEN 250 AND 350 AND content NOT GLOB '*数*' LIMIT 1",
      ),
      chinese: pick(
        "SELECT content FROM messages WHERE role = 'user' AND content GLOB '*数据*' LIMIT 1",
      ),
    };
    const before = measureWrites(db, texts, false);

    started = performance.now();
    runMigrations(db);
    const migrationMs = performance.now() - started;
    log(`migration 9 (tables, triggers, titles): ${migrationMs.toFixed(0)} ms`);
    const beforeBackfillMs = ['Reykjavik', 'the'].map((query) => {
      const search = new ChatSearch(db);
      return { query, ms: time(() => search.search(query)) };
    });

    // The backfill as the app runs it, without its pauses: batches sized to BATCH_MS.
    const backfill = new ChatSearchBackfill(db);
    const batches = { messages: [] as number[], merge: [] as number[] };
    const batchSize = { messages: 100, merge: 16 };
    const cpu = process.cpuUsage();
    started = performance.now();
    for (let stage = backfill.stage; stage !== 'done'; stage = backfill.stage) {
      const took = time(() =>
        stage === 'messages'
          ? backfill.indexMessages(batchSize.messages)
          : backfill.merge(batchSize.merge),
      );
      batches[stage].push(took);
      batchSize[stage] = nextBatchSize(batchSize[stage], took, BATCH_MS);
    }
    const used = process.cpuUsage(cpu);
    const stageOf = (runs: number[]): BackfillStage => ({
      ms: runs.reduce((a, b) => a + b, 0),
      batches: runs.length,
      p50Ms: median(runs),
      p99Ms: percentile(runs, 99),
      maxMs: Math.max(0, ...runs),
    });
    const backfillResult = {
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: (used.user + used.system) / 1e6,
      messages: stageOf(batches.messages),
      merge: stageOf(batches.merge),
    };
    log(`backfill: ${JSON.stringify(backfillResult)}`);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const databaseMiBAfter = fileMiB(db);
    const indexMiB = tablesMiB(db, 'chat\\_search%');
    const wordsIndexMiB = tablesMiB(db, 'chat\\_search\\_words%');
    const cjkIndexMiB = tablesMiB(db, 'chat\\_search\\_cjk%');
    const cjkMessages =
      db.prepare<[], number>('SELECT count(*) FROM chat_search_cjk').pluck().get() ?? 0;
    db.close();

    // A fresh open, as the app starts: nothing cached yet.
    const store = openStore(temp.dir);
    try {
      const search = new ChatSearch(store.db);
      const load = watchLoad([]);
      const runs = QUERIES.map(() => ({ before: [] as number[], after: [] as number[] }));
      const firsts = QUERIES.map(() => ({ before: 0, after: 0 }));
      for (let round = 0; round <= ROUNDS; round += 1) {
        QUERIES.forEach(({ query }, i) => {
          const b = time(() => likeScan(store.db, query));
          const a = time(() => search.search(query));
          if (round === 0) firsts[i] = { before: b, after: a };
          else {
            runs[i]!.before.push(b);
            runs[i]!.after.push(a);
          }
        });
      }
      const otherLoad = load.stop().otherShare;
      const queries = QUERIES.map((q, i): QueryResult => {
        const found = search.search(q.query).map((c) => c.id);
        const viaRepo = store.conversations.search(q.query).map((c) => c.id);
        const expected = oracle(store.db, q.query);
        const byLike = likeScan(store.db, q.query);
        const same = (a: string[], b: string[]): boolean => JSON.stringify(a) === JSON.stringify(b);
        if (!same(found, expected) || !same(viaRepo, expected))
          throw new Error(`'${q.query}': found ${found.length}, the oracle ${expected.length}`);
        if (q.sameAsLike !== same(found, byLike))
          throw new Error(`'${q.query}': found ${found.length}, LIKE ${byLike.length}`);
        return {
          ...q,
          found: found.length,
          foundByLike: byLike.length,
          before: summarize(firsts[i]!.before, runs[i]!.before),
          after: summarize(firsts[i]!.after, runs[i]!.after),
        };
      });
      for (const q of queries) {
        log(
          `${q.kind.padEnd(28)} ${JSON.stringify(q.query).padEnd(12)} ${String(q.found).padStart(5)} found (LIKE ${q.foundByLike}): before p50 ${q.before.p50.toFixed(1)} ms; now p50 ${q.after.p50.toFixed(2)} ms p95 ${q.after.p95.toFixed(2)}`,
        );
      }
      // Last: its writes add segments and deletions that later queries would meet.
      const after = measureWrites(store.db, texts, true);
      const writes = {
        answerChars: texts.answer.length,
        append: { before: before.append, after: after.append },
        appendChinese: { before: before.appendChinese, after: after.appendChinese },
        streamedSave: { before: before.streamedSave, after: after.streamedSave },
        finalSave: { before: before.finalSave, after: after.finalSave },
        deleteConversation: { before: before.deleteConversation, after: after.deleteConversation },
      };
      log(`writes (µs, before → after): ${JSON.stringify(writes)}`);
      return {
        conversations: seeded.conversations,
        messages: seeded.messages,
        textMiB: seeded.textBytes / 2 ** 20,
        databaseMiBBefore,
        databaseMiBAfter,
        indexMiB,
        wordsIndexMiB,
        cjkIndexMiB,
        cjkMessages,
        seedSeconds,
        migrationMs,
        backfill: backfillResult,
        beforeBackfillMs,
        rounds: ROUNDS,
        queries,
        writes,
        otherLoad,
      };
    } finally {
      store.close();
    }
  } finally {
    temp.remove();
  }
}

const ms = (v: number): string => (v < 10 ? v.toFixed(2) : v.toFixed(1));
const us = (v: number): string => v.toFixed(0);

function render(r: ChatSearchResult, meta: Record<string, string>): string {
  const slowest = [...r.queries].sort((a, b) => b.after.p50 - a.after.p50)[0]!;
  const met = slowest.after.p50 <= TARGET_MS;
  const w = r.writes;
  return [
    '# Chat search at scale',
    '',
    `\`npx node bench/chat-search.ts\` (${meta.date!.slice(0, 10)}; ${meta.node}, ${meta.cpus}, ${meta.kernel}): ${r.conversations.toLocaleString('en')} conversations of ${Math.round(r.messages / r.conversations)} messages (${r.messages.toLocaleString('en')} messages, ${r.textMiB.toFixed(0)} MiB of text; one conversation in ten in Chinese: ${r.cjkMessages.toLocaleString('en')} texts) in a real SQLite file (WAL, as \`openStore\` opens it). Each query run once cold (first), then ${r.rounds} rounds alternating the LIKE scan the app ran before (every title and message, substring semantics) and the search through the index (words, and word prefixes from three letters; substrings for Chinese and Japanese: electron/store/chat-search.ts). Every answer is checked against an oracle of those semantics that reads every title and message, and against the LIKE scan where the two semantics agree (all but \`ok\`: a substring of many words, \`token\`, \`broken\`, a word in none). Other processes used ${(r.otherLoad * 100).toFixed(0)} % of the machine meanwhile.`,
    '',
    '| query | words | found | found by LIKE | before p50 (ms) | **now p50 (ms)** | now p95 | now first run |',
    '| ----- | ----- | ----- | ------------- | --------------- | ---------------- | ------- | ------------- |',
    ...r.queries.map(
      (q) =>
        `| ${q.kind} | \`${q.query}\` | ${q.found.toLocaleString('en')} | ${q.foundByLike.toLocaleString('en')} | ${ms(q.before.p50)} | **${ms(q.after.p50)}** | ${ms(q.after.p95)} | ${ms(q.after.first)} |`,
    ),
    '',
    `Target: every query within ${TARGET_MS} ms (median): ${met ? 'met' : 'NOT met'}; the slowest is "${slowest.kind}" at ${ms(slowest.after.p50)} ms (p95 ${ms(slowest.after.p95)} ms).`,
    '',
    '## Building the index',
    '',
    `Migration 9 creates the index and indexes the titles: **${r.migrationMs.toFixed(0)} ms** on this store. The messages are indexed after the store opens, newest first, in batches sized to take about ${BATCH_MS} ms, with the event loop free as long between them (chat-search-backfill.ts), and then the segments those batches wrote are merged, a few pages at a time: **${r.backfill.seconds.toFixed(1)} s** of work here without the pauses (CPU ${r.backfill.cpuSeconds.toFixed(1)} s). Indexing: ${(r.backfill.messages.ms / 1000).toFixed(1)} s in ${r.backfill.messages.batches.toLocaleString('en')} batches (p50 ${ms(r.backfill.messages.p50Ms)} ms, p99 ${ms(r.backfill.messages.p99Ms)} ms, the longest ${ms(r.backfill.messages.maxMs)} ms); merging: ${(r.backfill.merge.ms / 1000).toFixed(1)} s in ${r.backfill.merge.batches.toLocaleString('en')} steps (p50 ${ms(r.backfill.merge.p50Ms)} ms, p99 ${ms(r.backfill.merge.p99Ms)} ms, the longest ${ms(r.backfill.merge.maxMs)} ms). Until a message is indexed, search reads it with LIKE: before the first batch, ${r.beforeBackfillMs.map((b) => `\`${b.query}\` took ${ms(b.ms)} ms`).join(', ')}, as the scan it replaces.`,
    '',
    `The file grows from ${r.databaseMiBBefore.toFixed(0)} MiB to ${r.databaseMiBAfter.toFixed(0)} MiB; the index is ${r.indexMiB.toFixed(0)} MiB: the word index ${r.wordsIndexMiB.toFixed(0)} MiB (with the three-letter prefixes), the trigram index of the Chinese texts ${r.cjkIndexMiB.toFixed(0)} MiB.`,
    '',
    '## Writing',
    '',
    `Median µs per operation, the same SQL before the index and with it (each in its own transaction, as the app writes):`,
    '',
    '| write | before (µs) | with the index (µs) |',
    '| ----- | ----------- | ------------------- |',
    `| a question of about 300 characters appended | ${us(w.append.before)} | ${us(w.append.after)} |`,
    `| a Chinese question appended | ${us(w.appendChinese.before)} | ${us(w.appendChinese.after)} |`,
    `| an answer of ${w.answerChars.toLocaleString('en')} characters saved while it streams (once a second) | ${us(w.streamedSave.before)} | ${us(w.streamedSave.after)} |`,
    `| the same answer saved as it ends (indexed once) | ${us(w.finalSave.before)} | ${us(w.finalSave.after)} |`,
    `| a conversation of ${Math.round(r.messages / r.conversations)} messages deleted | ${us(w.deleteConversation.before)} | ${us(w.deleteConversation.after)} |`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      conversations: { type: 'string', default: '5000' },
      messages: { type: 'string', default: '40' },
    },
  });
  const log = (line: string): void => {
    process.stderr.write(`[chat-search ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
  };
  const result = await measure(
    {
      conversations: Number(values.conversations),
      messagesPerConversation: Number(values.messages),
    },
    log,
  );
  const meta = {
    date: new Date().toISOString(),
    node: `Node ${process.version}`,
    cpus: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}`,
    kernel: `Linux ${release()}`,
  };
  const results = resolve(import.meta.dirname, 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(
    join(results, 'chat-search.json'),
    `${JSON.stringify({ ...meta, ...result }, null, 2)}\n`,
  );
  writeFileSync(join(results, 'chat-search.md'), render(result, meta));
  log('written: bench/results/chat-search.md');
}

await main();
