/** Line arithmetic shared by the formats' text edits: offsets, line ends, blank lines. */

/** The file's line ending: CRLF when it has one, else LF. */
export const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

/** Offset of the start of the line holding `offset`. */
export const lineStart = (text: string, offset: number): number =>
  text.lastIndexOf('\n', offset - 1) + 1;

/** Offset just after the line ending of the line holding `offset` (the text's end on the last). */
export function lineEnd(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  return newline === -1 ? text.length : newline + 1;
}

export const isBlank = (line: string): boolean => /^[ \t]*\r?\n?$/.test(line);

/** The text's lines, each with its line ending (the last one may have none). */
export function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines.at(-1) === '' ? lines.slice(0, -1) : lines;
}

/** The offset of a 1-based line and a 0-based UTF-16 column, as parsers report them. */
export function offsetAt(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const newline = text.indexOf('\n', offset);
    if (newline === -1) return text.length;
    offset = newline + 1;
  }
  return offset + column;
}

/**
 * Removes whole lines `[start, end)` (offsets at line boundaries) and one blank line next to
 * them when `withBlank`: the one above if there is one, else the one below. On the last line
 * of a file without a final newline, the newline before the lines goes with them instead.
 */
export function removeLines(text: string, start: number, end: number, withBlank = false): string {
  let from = start;
  let to = end;
  if (withBlank) {
    const above = from > 0 ? lineStart(text, from - 1) : -1;
    if (above >= 0 && isBlank(text.slice(above, from))) from = above;
    else if (to < text.length && isBlank(text.slice(to, lineEnd(text, to)))) to = lineEnd(text, to);
  }
  if (to === text.length && !text.endsWith('\n') && from > 0) {
    // `…\nOURS` at the end of a file with no final newline: take `\nOURS`, keep the rest as it was.
    const before = text[from - 2] === '\r' ? 2 : 1;
    return text.slice(0, from - before) + text.slice(to);
  }
  return text.slice(0, from) + text.slice(to);
}
