import type { FramingVariant, RawRecord, StreamFraming } from '../format-kit.ts';

/**
 * Newline-delimited JSON (`application/x-ndjson`), as Ollama streams: one JSON object a line, no
 * event names, no terminal marker (the last record says `done: true`, or is `{"error": …}`). A
 * record is its line, without the line's end; blank lines are no records.
 */

const lineOf = (line: string): string => (line.endsWith('\r') ? line.slice(0, -1) : line);

function parse(body: string): RawRecord[] {
  return body
    .split('\n')
    .map(lineOf)
    .filter((line) => line.trim() !== '')
    .map((data) => ({ data }));
}

/** Every line ending as CRLF, as a proxy on Windows may write it. */
const toCrlf = (body: string): string => body.replace(/\r?\n/g, '\r\n');

/** Pieces cut exactly between every CR and its LF, the split a naive CRLF reader gets wrong. */
function splitInsideCrlf(body: string): string[] {
  const pieces = body.split('\r\n');
  return pieces
    .map((piece, i) => (i > 0 ? '\n' : '') + piece + (i === pieces.length - 1 ? '' : '\r'))
    .filter((text) => text !== '');
}

/** An empty line and a line of blanks before every record, and one at the end. */
const withBlankLines = (body: string): string =>
  body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `\n \t\n${line}\n`)
    .join('') + '\n';

const VARIANTS: readonly FramingVariant[] = [
  { name: 'CRLF line endings', pieces: (body) => [toCrlf(body)], pauseMs: 0 },
  {
    name: 'CRLF split between CR and LF',
    pieces: (body) => splitInsideCrlf(toCrlf(body)),
    pauseMs: 1,
    costly: true,
  },
  { name: 'blank lines between records', pieces: (body) => [withBlankLines(body)], pauseMs: 0 },
];

export const NDJSON_FRAMING: StreamFraming = {
  name: 'ndjson',
  contentType: 'application/x-ndjson',
  records: parse,
  write: (records) => records.map((record) => `${record.data}\n`).join(''),
  recordEnd(body, index) {
    let seen = -1;
    let at = 0;
    while (at < body.length) {
      const end = body.indexOf('\n', at);
      const next = end < 0 ? body.length : end + 1;
      if (lineOf(body.slice(at, end < 0 ? body.length : end)).trim() !== '') seen += 1;
      at = next;
      if (seen === index) return at;
    }
    return body.length;
  },
  variants: VARIANTS,
  garbage: '<html>upstream proxy hiccup</html>\n',
  openRecord: '{"filler":"',
};
