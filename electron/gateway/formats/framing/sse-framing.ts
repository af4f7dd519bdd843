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
 * Server-sent events, as every format streams today: records end at a blank line, upstream
 * streams are read with eventsource-parser (`SseReader`), records are written as `sseRecord`
 * writes them.
 */
export const SSE_FRAMING: StreamFraming = {
  contentType: 'text/event-stream; charset=utf-8',
  createReader: (onRecord, maxRecordChars) => new SseReader(onRecord, maxRecordChars),
  endsAtBoundary: endsAtBlankLine,
  recordBreak: '\n\n',
  writeRecord: (record) => sseRecord(record.data, record.event),
};
