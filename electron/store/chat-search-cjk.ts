/**
 * Chinese and Japanese text, which has no spaces between words: kana (U+3040–U+30FF) and the CJK
 * unified ideographs (U+4E00–U+9FFF). Chat search indexes a text holding any of these in a
 * trigram index too (migration 9), and looks for a query word holding any of them there.
 *
 * Two ranges only: SQLite's GLOB compares each character of a text with each range of the class
 * (two ranges: about 70 MB/s; the ten blocks of every CJK extension: 7 MB/s), and each message is
 * checked as it is indexed. Hangul is left to the word index: Korean separates its words.
 *
 * Migration 9's triggers hold this class: a change needs a migration that rebuilds the index.
 */
const RANGES: readonly (readonly [number, number])[] = [
  [0x3040, 0x30ff],
  [0x4e00, 0x9fff],
];

const range = ([from, to]: readonly [number, number]): string =>
  `${String.fromCodePoint(from)}-${String.fromCodePoint(to)}`;

/** SQL: whether the text expression `text` holds a CJK character. */
export const holdsCjk = (text: string): string =>
  // A text of ASCII only (its length in characters and in bytes the same, both cheap) is not
  // read character by character.
  `(length(${text}) <> octet_length(${text}) AND ${text} GLOB '*[${RANGES.map(range).join('')}]*')`;

/** Whether a query word holds a CJK character. */
export const isCjkWord = (word: string): boolean =>
  [...word].some((c) => {
    const code = c.codePointAt(0) ?? 0;
    return RANGES.some(([from, to]) => code >= from && code <= to);
  });
