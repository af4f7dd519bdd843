/**
 * Chat history of realistic shape for bench/chat-search.ts: conversations of questions and
 * longer answers, in English with code and in Chinese, words drawn from a vocabulary with a long
 * tail (a few words in most messages, most words in few), and a handful of rare words planted
 * where the benchmark's queries look for them. Deterministic: the same seed gives the same text.
 */
import type Database from 'better-sqlite3';
import { randomSource } from './seeded-random.ts';

/** Conversations per transaction while seeding. */
const CHUNK = 250;

/** Frequent English words, most frequent first. */
const COMMON = (
  'the of and to a in is it you that for on with as this be are can or if not by from at ' +
  'your an but will have use we which one all when there more do so has how what about ' +
  'function return value data file code error type list server request response model ' +
  'example should need using each other time also like then into only new first make way ' +
  'set get call test case user string number array object method class module config ' +
  'build run change update check add remove version support default option result state'
).split(' ');

/** Frequent Chinese words. */
const COMMON_ZH = (
  '的 是 在 和 了 有 我 你 这 个 们 中 来 上 大 为 可以 数据 函数 问题 使用 如果 需要 ' +
  '因为 所以 但是 我们 这个 一个 没有 什么 时候 文件 代码 错误 返回 类型 服务器 请求 ' +
  '模型 配置 测试 用户 方法 结果 版本 更新 检查 支持 默认 选项 状态 数据库 接口 性能'
).split(' ');

const SYLLABLES = (
  'ka ri to men sol ver an tic ro pla dun ex or is ga ne lu ber zo qui fa mi del cor ' +
  'pan tes val ion ent ar sta lin mo por tra gen hal bi cul der ful nor pe sha win'
).split(' ');

const HANZI =
  '一二三四五六七八九十人口日月山水火木金土天地上下左右大小多少前后东西南北心手足目耳头' +
  '学生老师朋友家国时分年工作电脑网络程序设计开发系统信息管理安全速度内存磁盘线程进程缓存' +
  '算法结构对象字符串数组列表字典集合变量常量参数输入输出读取写入连接断开发送接收';

/** Planted words: each in one message of a few conversations, so a query for one finds a few. */
export const RARE = { word: 'Reykjavik', zh: '冰岛首都', conversations: 12 } as const;

export interface ChatSeedOptions {
  conversations: number;
  messagesPerConversation: number;
}

export interface ChatSeeded {
  conversations: number;
  messages: number;
  /** Bytes of message text (UTF-8). */
  textBytes: number;
}

/**
 * Writes `conversations` conversations of `messagesPerConversation` messages (question, answer,
 * question, …) with SQL, in large transactions, into a database at schema 7 or later. One
 * conversation in ten is in Chinese.
 */
export function seedChats(db: Database.Database, options: ChatSeedOptions): ChatSeeded {
  const random = randomSource(20_260_126);
  const int = (n: number): number => Math.floor(random() * n);
  // A long tail: pseudo-words of two to four syllables, drawn with a Zipf-like rank.
  const tail = Array.from({ length: 20_000 }, () =>
    Array.from({ length: 2 + int(3) }, () => SYLLABLES[int(SYLLABLES.length)]).join(''),
  );
  const tailZh = Array.from({ length: 5_000 }, () =>
    Array.from({ length: 2 + int(2) }, () => HANZI[int(HANZI.length)]).join(''),
  );
  const zipf = (n: number): number =>
    Math.min(n - 1, Math.floor(Math.exp(random() * Math.log(n + 1))) - 1);
  const englishWord = (): string =>
    random() < 0.55 ? COMMON[zipf(COMMON.length)]! : tail[zipf(tail.length)]!;
  const chineseWord = (): string =>
    random() < 0.6 ? COMMON_ZH[zipf(COMMON_ZH.length)]! : tailZh[zipf(tailZh.length)]!;
  const around = (median: number): number =>
    Math.max(3, Math.round(median * Math.exp((random() + random() + random() - 1.5) * 1.2)));

  const english = (words: number): string => {
    const parts: string[] = [];
    let sentence = 0;
    for (let i = 0; i < words; i += 1) {
      let word = englishWord();
      if (sentence === 0) word = word.charAt(0).toUpperCase() + word.slice(1);
      sentence += 1;
      const end = sentence > 6 && random() < 0.12;
      parts.push(
        end ? `${word}${random() < 0.8 ? '.' : '?'}` : random() < 0.05 ? `${word},` : word,
      );
      if (end) sentence = 0;
      if (end && random() < 0.1) parts.push('\n\n');
    }
    return parts.join(' ').replace(/ \n\n /g, '\n\n');
  };
  const codeBlock = (): string => {
    const lines = Array.from({ length: 3 + int(12) }, () => {
      const name = tail[zipf(tail.length)]!;
      const value = COMMON[zipf(COMMON.length)]!;
      return random() < 0.5
        ? `  const ${name} = ${value}(${int(100)}, '${tail[int(200)]}');`
        : `  if (${name}.${value} !== null) return ${name}["${value}"] ?? 50%;`;
    });
    return `\n\n\`\`\`ts\nfunction ${tail[zipf(tail.length)]}() {\n${lines.join('\n')}\n}\n\`\`\`\n\n`;
  };
  const chinese = (chars: number): string => {
    let text = '';
    while (text.length < chars)
      text += chineseWord() + (random() < 0.1 ? '。' : random() < 0.1 ? '，' : '');
    return text;
  };

  const insertConversation = db.prepare<[string, string, string, number, number]>(
    `INSERT INTO conversations (id, title, model, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
  );
  const insertMessage = db.prepare<[string, string, string, string, string | null, number]>(
    `INSERT INTO messages (id, conversation_id, role, content, model, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  // Every so many conversations, one message gets the rare word of its language.
  const rareEvery = Math.max(1, Math.floor(options.conversations / RARE.conversations));
  let messages = 0;
  let textBytes = 0;
  const start = Date.UTC(2025, 0, 1);
  const write = db.transaction((from: number, to: number) => {
    for (let c = from; c < to; c += 1) {
      const id = `conv_bench${c.toString(16).padStart(8, '0')}`;
      const zh = c % 10 === 7;
      const at = start + c * 3_600_000;
      const texts: string[] = [];
      for (let m = 0; m < options.messagesPerConversation; m += 1) {
        const question = m % 2 === 0;
        let text = zh
          ? chinese(question ? around(40) : around(280))
          : english(question ? around(30) : around(170));
        if (!question && !zh && random() < 0.3) text += codeBlock() + english(around(40));
        if (c % rareEvery === 3 && m === 2 * (c % (options.messagesPerConversation / 2))) {
          text = zh ? `${text.slice(0, 20)}${RARE.zh}${text.slice(20)}` : `${text} ${RARE.word}?`;
        }
        texts.push(text);
      }
      const first = texts[0] ?? '';
      const title = zh ? first.slice(0, 12) : first.split(/\s+/).slice(0, 6).join(' ');
      insertConversation.run(id, title, 'gpt-5-mini', at, at + 60_000 * texts.length);
      texts.forEach((text, m) => {
        insertMessage.run(
          `msg_bench${(c * options.messagesPerConversation + m).toString(16).padStart(10, '0')}`,
          id,
          m % 2 === 0 ? 'user' : 'assistant',
          text,
          m % 2 === 0 ? null : 'gpt-5-mini',
          at + 60_000 * m,
        );
        textBytes += Buffer.byteLength(text);
      });
      messages += texts.length;
    }
  });
  for (let c = 0; c < options.conversations; c += CHUNK) {
    write(c, Math.min(options.conversations, c + CHUNK));
  }
  return { conversations: options.conversations, messages, textBytes };
}
