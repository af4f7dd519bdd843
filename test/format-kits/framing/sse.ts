import type { FramingVariant, RawRecord, StreamFraming } from '../format-kit.ts';

/**
 * Server-sent events, as every format the gateway speaks today streams them: records are
 * blocks of `event:` and `data:` lines ended by a blank line. The suites read and rewrite
 * streams through this, never by splitting on `\n\n` themselves, so a format that frames its
 * stream otherwise (newline-delimited JSON) brings its own framing and the suites need no edit.
 */

function parse(body: string): RawRecord[] {
  const records: RawRecord[] = [];
  for (const block of body.replace(/\r\n/g, '\n').split('\n\n')) {
    if (!block.trim()) continue;
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    // A block of comments only (`: keep-alive`) is no record.
    if (event === undefined && data.length === 0) continue;
    records.push(
      event === undefined ? { data: data.join('\n') } : { event, data: data.join('\n') },
    );
  }
  return records;
}

const frame = (record: RawRecord): string =>
  record.event === undefined
    ? `data: ${record.data}\n\n`
    : `event: ${record.event}\ndata: ${record.data}\n\n`;

/** Every line ending as CRLF, as some proxies send it. */
const toCrlf = (sse: string): string => sse.replace(/\r?\n/g, '\r\n');

/** A comment line before every event and a keep-alive comment block between events. */
const withComments = (sse: string): string =>
  sse
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => `: keep-alive\n\n:comment inside\n${block}\n\n`)
    .join('');

/** Pieces cut exactly between every CR and its LF, the split a naive CRLF reader gets wrong. */
function splitInsideCrlf(sse: string): string[] {
  const pieces = sse.split('\r\n');
  return pieces
    .map((piece, i) => (i > 0 ? '\n' : '') + piece + (i === pieces.length - 1 ? '' : '\r'))
    .filter((text) => text !== '');
}

const VARIANTS: readonly FramingVariant[] = [
  { name: 'CRLF line endings', pieces: (sse) => [toCrlf(sse)], pauseMs: 0 },
  {
    name: 'CRLF split between CR and LF',
    pieces: (sse) => splitInsideCrlf(toCrlf(sse)),
    pauseMs: 1,
    costly: true,
  },
  { name: 'comment lines and keep-alives', pieces: (sse) => [withComments(sse)], pauseMs: 0 },
];

export const SSE_FRAMING: StreamFraming = {
  name: 'sse',
  contentType: 'text/event-stream',
  records: parse,
  write: (records) => records.map(frame).join(''),
  recordEnd(body, index) {
    let at = 0;
    for (let i = 0; i <= index; i += 1) {
      const end = body.indexOf('\n\n', at);
      if (end < 0) return body.length;
      at = end + 2;
    }
    return at;
  },
  variants: VARIANTS,
  garbage: 'data: <html>upstream proxy hiccup</html>\n\n',
  openRecord: 'data: {"filler":"',
};
