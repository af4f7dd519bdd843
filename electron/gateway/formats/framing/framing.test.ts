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
