import type { StreamFraming } from '../../canonical/format-codec.ts';
import { sseRecord } from '../../canonical/sse-record.ts';
import { SseReader } from '../../upstream/sse-reader.ts';

const LF = 0x0a;
const CR = 0x0d;

/** The code unit `back` places from the end (1 = the last), or -1: bytes and strings alike. */
const unitFromEnd = (tail: Uint8Array | string, back: number): number => {
  const at = tail.length - back;
  if (at < 0) return -1;
  return typeof tail === 'string' ? tail.charCodeAt(at) : (tail[at] ?? -1);
};

/**
 * Whether SSE bytes end with a blank line (`\n\n`, CRLF forms and `\r\r` included), after which
 * the parser holds nothing of an event. Looks at three code units at most: it runs on every
 * chunk of a metered stream.
 */
function endsAtBlankLine(tail: Uint8Array | string): boolean {
  const last = unitFromEnd(tail, 1);
  const before = unitFromEnd(tail, 2);
  if (last === CR) return before === CR;
  if (last !== LF) return false;
  return before === LF || (before === CR && unitFromEnd(tail, 3) === LF);
}

/**
 * The offset just past the last blank line of `bytes` (0: none), where an SSE parser has
 * dispatched everything before and holds nothing. A blank line is a line ending right after
 * another: `\n\n`, `\r\n\r\n`, `\n\r\n`, `\r\r\n`, or one ending in a lone `\r` that
 * is not the last byte (a last `\r` may be the first half of a `\r\n`). `before` holds the
 * bytes that came just before, for a blank line that starts there.
 */
function lastBlankLineEnd(bytes: Uint8Array, before: Uint8Array): number {
  const unit = (at: number): number =>
    at >= 0 ? (bytes[at] ?? -1) : (before[before.length + at] ?? -1);
  const endsLine = (code: number): boolean => code === LF || code === CR;
  // Line ends from the last back, found by the native search, not byte by byte.
  let lf = bytes.lastIndexOf(LF);
  let cr = bytes.lastIndexOf(CR);
  while (lf >= 0 || cr >= 0) {
    if (lf > cr) {
      const previous = unit(lf - 1);
      if (previous === LF || (previous === CR && endsLine(unit(lf - 2)))) return lf + 1;
      lf = lf > 0 ? bytes.lastIndexOf(LF, lf - 1) : -1;
    } else {
      if (cr + 1 < bytes.length && bytes[cr + 1] !== LF && endsLine(unit(cr - 1))) return cr + 1;
      cr = cr > 0 ? bytes.lastIndexOf(CR, cr - 1) : -1;
    }
  }
  return 0;
}

/**
 * Server-sent events, as every format streams today: records end at a blank line, upstream
 * streams are read with eventsource-parser (`SseReader`), records are written as `sseRecord`
 * writes them.
 */
export const SSE_FRAMING: StreamFraming = {
  contentType: 'text/event-stream; charset=utf-8',
  createReader: (onRecord, maxRecordChars) => new SseReader(onRecord, maxRecordChars),
  endsAtBoundary: endsAtBlankLine,
  lastRecordEnd: lastBlankLineEnd,
  recordBreak: '\n\n',
  writeRecord: (record) => sseRecord(record.data, record.event),
};
