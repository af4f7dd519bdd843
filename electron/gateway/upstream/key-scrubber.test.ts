import { describe, expect, it } from 'vitest';
import { KEY_REDACTED, keyScrubber } from './key-scrubber.ts';

const KEY = 'sk-live/AbC-123_xyz';
const s = keyScrubber(KEY);
const unicodeEscaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('keyScrubber', () => {
  it.each([
    ['as sent', KEY],
    ['JSON-escaped slash', KEY.replace('/', '\\/')],
    ['one character as \\u escape', KEY.replace('-', '\\u002d')],
    ['every character as \\u escape, upper-case hex', unicodeEscaped.join('').toUpperCase()],
    ['URL-encoded', encodeURIComponent(KEY)],
    [
      'every character percent-encoded, lower-case hex',
      [...KEY].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
    ],
  ])('removes the key %s', (_form, form) => {
    const text = `{"error":{"message":"bad key ${form} given"}}`;
    expect(s.text(text)).toBe(`{"error":{"message":"bad key ${KEY_REDACTED} given"}}`);
    expect(s.bytes(Buffer.from(text, 'latin1')).toString('latin1')).toBe(s.text(text));
  });

  it('leaves other bytes exactly as they were, and returns the same Buffer when clean', () => {
    const clean = Buffer.from('{"text":"caf\u00e9 100% \\u00e9 sk-live"}', 'utf8');
    expect(s.bytes(clean)).toBe(clean);
    const dirty = Buffer.concat([Buffer.from([0xe2, 0x82, 0xac]), Buffer.from(` ${KEY}`)]);
    expect([...s.bytes(dirty).subarray(0, 3)]).toEqual([0xe2, 0x82, 0xac]);
  });

  it('does nothing with a key too short to tell from text', () => {
    expect(keyScrubber('abc').text('abc abc')).toBe('abc abc');
  });

  it('finds a key split across stream chunks, and holds back nothing after a line end', () => {
    const stream = s.stream();
    const first = stream.push(Buffer.from(`data: {"a":1}\n\ndata: {"key":"${KEY.slice(0, 6)}`));
    expect(first.toString()).toBe('data: {"a":1}\n\n');
    const second = stream.push(Buffer.from(`${KEY.slice(6)}"}\n\n`));
    expect(second.toString()).toBe(`data: {"key":"${KEY_REDACTED}"}\n\n`);
    expect(stream.end().length).toBe(0);
    // A whole record goes out at once: no delay for a stream of records.
    const record = Buffer.from('data: {"b":2}\n\n');
    expect(s.stream().push(record)).toEqual(record);
  });

  it('lets out a line that never ends, but for a tail that could hold the key', () => {
    const stream = s.stream();
    const out = stream.push(Buffer.alloc(100_000, 'x'));
    expect(out.length).toBe(100_000 - 1024);
    expect(stream.end().length).toBe(1024);
  });
});
