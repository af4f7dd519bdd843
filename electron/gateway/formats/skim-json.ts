/**
 * Reads of one stream record's JSON text without parsing it, for the records a stream decoder
 * recognises by their shape (`StreamDecoder.skim`). A shape matches only where the tokens it
 * names are there in that order (spaced as JSON allows), and any doubt reads as no match, which
 * sends the record to `JSON.parse`. What the reads trust: that a record shaped like one JSON
 * object on one line (`isOneLineObject`) is JSON (the metering tap never skims a record the
 * stream's end cut short), that its keys are unique, and that keys are written without escapes
 * (`"us\u0061ge"` is not found as `usage`); upstreams do all three.
 *
 * Keys are searched for by their name and closing quote (`usage"`), not from their opening
 * quote: V8's `indexOf` stops at every occurrence of a pattern's first character, and a quote
 * is the commonest character of JSON, so the search from a letter is several times faster.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** JSON whitespace other than the line feed, which a one-line record does not hold. */
const isSpace = (code: number): boolean => code === 0x20 || code === 0x09 || code === 0x0d;

/** `{…}` on one line: one JSON object's text, not two records joined by a line break. */
export const isOneLineObject = (text: string): boolean =>
  text.charCodeAt(0) === OPEN_BRACE &&
  text.charCodeAt(text.length - 1) === CLOSE_BRACE &&
  !text.includes('\n');

function skipSpace(text: string, at: number): number {
  let i = at;
  while (isSpace(text.charCodeAt(i))) i += 1;
  return i;
}

/**
 * The index of the value of the first member named by `key` (the name and its closing quote:
 * `usage"`) at or after `from`, or -1. An occurrence that is a string value, or the tail of a
 * string, is passed over.
 */
export function memberValue(text: string, key: string, from = 0): number {
  for (let at = text.indexOf(key, from); at !== -1; at = text.indexOf(key, at + key.length)) {
    // The name's opening quote, not an escaped quote inside a string.
    if (text.charCodeAt(at - 1) !== QUOTE || text.charCodeAt(at - 2) === BACKSLASH) continue;
    const colon = skipSpace(text, at + key.length);
    if (text.charCodeAt(colon) === COLON) return skipSpace(text, colon + 1);
  }
  return -1;
}

/**
 * Whether `key` (`usage"`) occurs nowhere in `text`, or once, as a member holding `null`. Any
 * other occurrence (twice, or as text) is doubtful, and reads as false.
 */
export function absentOrNull(text: string, key: string): boolean {
  const at = text.indexOf(key);
  if (at === -1) return true;
  if (text.indexOf(key, at + key.length) !== -1) return false;
  const value = memberValue(text, key, at);
  return value !== -1 && text.startsWith('null', value);
}

/**
 * The pieces a record's template is written with (`template`), each exactly what JSON allows:
 * a string (`<str>`, escapes included), a string without escapes (`<plain>`: ids, names) and a
 * non-negative integer (`<int>`). A record that matches a template of them is JSON.
 */
const PIECES: Record<string, string> = {
  '<str>': String.raw`"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"`,
  '<plain>': String.raw`"[^"\\\u0000-\u001f]*"`,
  '<int>': String.raw`(?:0|[1-9]\d*)`,
};

/**
 * The whole of a record in the one exact shape an upstream writes it (no whitespace, its keys
 * in their order), as a regular expression: one native pass over the record, several times
 * cheaper than `JSON.parse` or the searches above, and a match is a record of that shape and
 * nothing else. Any other record (spaced, reordered, with another field) does not match.
 */
export const template = (source: string): RegExp =>
  new RegExp(`^${source.replace(/<str>|<plain>|<int>/g, (piece) => PIECES[piece]!)}$`);

/** The value of a `<str>` a template captured (its quotes included). */
export const stringValue = (captured: string): string =>
  captured.includes('\\') ? (JSON.parse(captured) as string) : captured.slice(1, -1);

/** JSON tokens to be read in a row (`{`, `"content"`, `:`), made once where a skim is defined. */
export interface Tokens {
  parts: readonly string[];
  /** The tokens written without whitespace, as upstreams write them: one comparison. */
  compact: string;
}

export const tokens = (...parts: string[]): Tokens => ({ parts, compact: parts.join('') });

/** The index past `expected` read in order from `at`, whitespace allowed between, or -1. */
export function readTokens(text: string, at: number, expected: Tokens): number {
  if (at < 0) return -1;
  if (text.startsWith(expected.compact, at)) return at + expected.compact.length;
  let i = at;
  for (const token of expected.parts) {
    i = skipSpace(text, i);
    if (!text.startsWith(token, i)) return -1;
    i += token.length;
  }
  return i;
}

/** A JSON string at `at` (after optional whitespace): its value, and the index past its closing quote. */
export function readString(text: string, at: number): { value: string; end: number } | undefined {
  if (at < 0) return undefined;
  const open = skipSpace(text, at);
  if (text.charCodeAt(open) !== QUOTE) return undefined;
  let close = text.indexOf('"', open + 1);
  if (close === -1) return undefined;
  const slash = text.indexOf('\\', open + 1);
  // The usual case: no escape inside, so the value is the text between the quotes.
  if (slash === -1 || slash > close) return { value: text.slice(open + 1, close), end: close + 1 };
  // A quote after an odd run of backslashes is escaped: the string goes on.
  for (;;) {
    let run = 0;
    while (text.charCodeAt(close - 1 - run) === BACKSLASH) run += 1;
    if (run % 2 === 0) break;
    close = text.indexOf('"', close + 1);
    if (close === -1) return undefined;
  }
  try {
    return { value: JSON.parse(text.slice(open, close + 1)) as string, end: close + 1 };
  } catch {
    return undefined;
  }
}

/** A JSON number at `at` (after optional whitespace), as `JSON.parse` reads it, and the index past it. */
export function readNumber(text: string, at: number): { value: number; end: number } | undefined {
  if (at < 0) return undefined;
  const start = skipSpace(text, at);
  // The usual case, a small integer: its digits, read without a slice or a regular expression.
  let end = start;
  let value = 0;
  while (end - start < 15 && isDigit(text.charCodeAt(end))) {
    value = value * 10 + text.charCodeAt(end) - 0x30;
    end += 1;
  }
  if (end > start && endsValue(text.charCodeAt(end)))
    return text.charCodeAt(start) === 0x30 && end - start > 1 ? undefined : { value, end };
  const match = NUMBER.exec(text.slice(start, start + 40));
  if (!match || !endsValue(text.charCodeAt(start + match[0].length))) return undefined;
  return { value: Number(match[0]), end: start + match[0].length };
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** What may follow a value: a comma, a closing bracket or whitespace. */
const endsValue = (code: number): boolean =>
  code === 0x2c || code === CLOSE_BRACE || code === 0x5d || isSpace(code);
