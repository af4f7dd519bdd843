import { describe, expect, it } from 'vitest';
import type { StreamRecord } from '../canonical/format-codec.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { NdjsonReader } from './ndjson-reader.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function read(pieces: (string | Uint8Array)[], maxRecordChars?: number): StreamRecord[] {
  const records: StreamRecord[] = [];
  const reader = new NdjsonReader((record) => records.push(record), maxRecordChars);
  for (const piece of pieces) reader.push(typeof piece === 'string' ? bytes(piece) : piece);
  reader.end();
  return records;
}

describe('NdjsonReader', () => {
  it('gives each line as a record with the line as data, in the shape of an SSE record', () => {
    expect(read(['{"a":1}\n{"b":2}\n'])).toEqual([
      { data: '{"a":1}', event: undefined, id: undefined },
      { data: '{"b":2}', event: undefined, id: undefined },
    ]);
  });

  it('joins a line split across reads, at any byte, a UTF-8 sequence included', () => {
    const whole = bytes('{"text":"héllo 🙂"}\n{"done":true}\n');
    for (let cut = 1; cut < whole.length; cut++) {
      const records = read([whole.subarray(0, cut), whole.subarray(cut)]);
      expect(records.map((r) => r.data)).toEqual(['{"text":"héllo 🙂"}', '{"done":true}']);
    }
    const byByte = read([...whole].map((b) => Uint8Array.of(b)));
    expect(byByte.map((r) => JSON.parse(r.data) as unknown)).toEqual([
      { text: 'héllo 🙂' },
      { done: true },
    ]);
  });

  it('takes CRLF line ends, skips blank lines, and flushes a last line without its newline', () => {
    expect(read(['{"a":1}\r\n\r\n  \n{"b"', ':2}']).map((r) => r.data)).toEqual([
      '{"a":1}',
      '{"b":2}',
    ]);
  });

  it('hands on a line that is not JSON as it is: the decoder judges it', () => {
    expect(read(['not json\n']).map((r) => r.data)).toEqual(['not json']);
  });

  it("throws the gateway's 502 once one unfinished line passes the cap", () => {
    const reader = new NdjsonReader(() => {}, 10);
    reader.push(bytes('{"a":1}\n{"b":'));
    let thrown: unknown;
    try {
      reader.push(bytes('"0123456789"'));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GatewayError);
    expect(thrown).toMatchObject({ status: 502, code: 'upstream_response_too_large' });
  });

  it('does not count whole lines against the cap', () => {
    const records = read(['0123456789\n'.repeat(5)], 10);
    expect(records).toHaveLength(5);
  });
});
