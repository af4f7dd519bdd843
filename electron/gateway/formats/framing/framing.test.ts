import { describe, expect, it } from 'vitest';
import type { StreamFraming, StreamRecord } from '../../canonical/format-codec.ts';
import { NDJSON_FRAMING } from './ndjson-framing.ts';
import { SSE_FRAMING } from './sse-framing.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function readAll(framing: StreamFraming, text: string): StreamRecord[] {
  const records: StreamRecord[] = [];
  const reader = framing.createReader((record) => records.push(record));
  reader.push(bytes(text));
  reader.end();
  return records;
}

describe('SSE_FRAMING', () => {
  it('reads what it writes, event names included', () => {
    const written =
      SSE_FRAMING.writeRecord({ data: '{"a":1}', event: 'delta' }) +
      SSE_FRAMING.writeRecord({ data: '[DONE]' });
    expect(written).toBe('event: delta\ndata: {"a":1}\n\ndata: [DONE]\n\n');
    expect(readAll(SSE_FRAMING, written)).toMatchObject([
      { event: 'delta', data: '{"a":1}' },
      { data: '[DONE]' },
    ]);
  });

  it('finds a record boundary at a blank line in every line-ending form, bytes or text', () => {
    for (const ending of ['\n\n', '\r\n\r\n', '\r\n\n', '\n\r\n', '\r\r']) {
      expect(SSE_FRAMING.endsAtBoundary(`data: x${ending}`)).toBe(true);
      expect(SSE_FRAMING.endsAtBoundary(bytes(`data: x${ending}`))).toBe(true);
    }
    for (const tail of ['data: x', 'data: x\n', 'data: x\r\n', 'data: x\r', '', '\n']) {
      expect(SSE_FRAMING.endsAtBoundary(tail)).toBe(false);
      expect(SSE_FRAMING.endsAtBoundary(bytes(tail))).toBe(false);
    }
  });

  it('finds the end of the last whole record, where a reader fed the bytes before holds nothing', () => {
    const end = (text: string, before = ''): number =>
      SSE_FRAMING.lastRecordEnd(bytes(text), bytes(before));
    for (const ending of ['\n\n', '\r\n\r\n', '\r\n\n', '\n\r\n', '\r\r\n']) {
      const text = `data: a${ending}data: b`;
      expect(end(text)).toBe(`data: a${ending}`.length);
      // Every record the bytes before the end hold is read, and nothing is left over.
      const read = readAll(SSE_FRAMING, text.slice(0, end(text)));
      expect(read.map((r) => r.data)).toEqual(['a']);
    }
    // A lone \r ends a blank line only once the next byte shows it is not half of a \r\n.
    expect(end('data: a\r\rdata: b')).toBe('data: a\r\r'.length);
    expect(end('data: a\r\r')).toBe(0);
    expect(end('data: a\n')).toBe(0);
    expect(end('data: a')).toBe(0);
    // A blank line that began in the bytes before.
    expect(end('\ndata: b', 'data: a\n')).toBe(1);
    expect(end('\r\ndata: b', 'data: a\r\n')).toBe(2);
    expect(end('\ndata: b', 'data: a\r\n\r')).toBe(1);
  });

  it('breaks an open record so the next one parses on its own', () => {
    const cut = 'data: {"a":';
    const records = readAll(SSE_FRAMING, `${cut}${SSE_FRAMING.recordBreak}data: {"error":1}\n\n`);
    expect(records.at(-1)?.data).toBe('{"error":1}');
    expect(SSE_FRAMING.contentType).toMatch(/^text\/event-stream/);
  });
});

describe('NDJSON_FRAMING', () => {
  it('writes one line per record and reads it back as data, event names dropped', () => {
    const written =
      NDJSON_FRAMING.writeRecord({ data: '{"a":1}', event: 'ignored' }) +
      NDJSON_FRAMING.writeRecord({ data: '{"done":true}' });
    expect(written).toBe('{"a":1}\n{"done":true}\n');
    expect(readAll(NDJSON_FRAMING, written)).toEqual([
      { data: '{"a":1}', event: undefined, id: undefined },
      { data: '{"done":true}', event: undefined, id: undefined },
    ]);
  });

  it('finds a record boundary at a newline, bytes or text', () => {
    for (const tail of ['{"a":1}\n', '{"a":1}\r\n']) {
      expect(NDJSON_FRAMING.endsAtBoundary(tail)).toBe(true);
      expect(NDJSON_FRAMING.endsAtBoundary(bytes(tail))).toBe(true);
    }
    for (const tail of ['{"a":1}', '{"a":1}\r', '']) {
      expect(NDJSON_FRAMING.endsAtBoundary(tail)).toBe(false);
      expect(NDJSON_FRAMING.endsAtBoundary(bytes(tail))).toBe(false);
    }
  });

  it('finds the end of the last whole line', () => {
    expect(NDJSON_FRAMING.lastRecordEnd(bytes('{"a":1}\n{"b"'), bytes(''))).toBe(8);
    expect(NDJSON_FRAMING.lastRecordEnd(bytes('{"a":1}\r\n'), bytes(''))).toBe(9);
    expect(NDJSON_FRAMING.lastRecordEnd(bytes('{"a":1}'), bytes('\n'))).toBe(0);
  });

  it('breaks an open line so the error record after it parses on its own', () => {
    const cut = '{"message":{"content":"hal';
    const records = readAll(NDJSON_FRAMING, `${cut}${NDJSON_FRAMING.recordBreak}{"error":"x"}\n`);
    expect(records.map((r) => r.data)).toEqual([cut, '{"error":"x"}']);
    expect(NDJSON_FRAMING.contentType).toBe('application/x-ndjson');
  });

  it('passes a cap to its reader', () => {
    const reader = NDJSON_FRAMING.createReader(() => {}, 4);
    expect(() => reader.push(bytes('123456'))).toThrow(/larger than/);
  });
});
