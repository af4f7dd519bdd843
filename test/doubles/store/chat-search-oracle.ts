import { isCjkWord } from '../../../electron/store/chat-search-cjk.ts';

/**
 * What chat search (electron/store/chat-search.ts) means by a text holding a query word, in
 * plain JavaScript over the text itself: what the tests and the benchmark check the index by.
 */

const LETTERS = '[\\p{L}\\p{N}\\p{Co}]';
/** As unicode61 with remove_diacritics 2: case folded, and the diacritics of Latin letters. */
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{Mn}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase();
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a text holds `word`; null for a word the search leaves out (no letters or digits). */
export function wordMatcher(word: string): ((text: string) => boolean) | null {
  const normalized = word.normalize('NFC');
  if (isCjkWord(normalized)) {
    const lowered = normalized.toLowerCase();
    return (text) => text.toLowerCase().includes(lowered);
  }
  const parts = normalized.match(new RegExp(`${LETTERS}+`, 'gu'));
  if (!parts) return null;
  const patterns = parts.map((part) => {
    const start = `(?<!${LETTERS})${escapeRegExp(fold(part))}`;
    return new RegExp([...part].length >= 3 ? start : `${start}(?!${LETTERS})`, 'u');
  });
  return (text) => {
    const folded = fold(text);
    return patterns.every((p) => p.test(folded));
  };
}

/** The query's words as the search takes them: split at white space, the first 8. */
export const queryWords = (query: string): string[] =>
  query.trim().split(/\s+/).filter(Boolean).slice(0, 8);
