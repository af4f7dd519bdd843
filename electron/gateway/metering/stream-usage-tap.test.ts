import { describe, expect, it } from 'vitest';
import { chatCodec } from '../formats/chat/chat-codec.ts';
import { NDJSON_FRAMING } from '../formats/framing/ndjson-framing.ts';
import { chatDeltaText } from '../formats/chat/chat-stream-skim.ts';
import { isChatUsageOnlyChunk } from '../formats/chat/chat-usage-chunk.ts';
import { StreamUsageTap } from './stream-usage-tap.ts';

const chunk = (text: string): Uint8Array => new TextEncoder().encode(text);
const delta = (text: string): string =>
  `data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"${text}"}}]}\n\n`;
const finish =
  'data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n';
const usage =
  'data: {"id":"c1","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}}\n\n';
const done = 'data: [DONE]\n\n';

const text = (out: Uint8Array | string): string =>
  typeof out === 'string' ? out : new TextDecoder().decode(out);

/** What the client receives: the tap's output where it gives one, else the raw chunk. */
function relay(tap: StreamUsageTap, chunks: string[]): string {
  let out = '';
  for (const piece of chunks) {
    const filtered = tap.push(chunk(piece));
    out += filtered === null ? piece : text(filtered);
  }
  const rest = tap.end();
  return out + (rest === null ? '' : text(rest));
}

describe('StreamUsageTap hiding the usage chunk', () => {
  it('sends whole visible records as their raw bytes and drops only the usage record', () => {
    const tap = new StreamUsageTap(chatCodec, isChatUsageOnlyChunk);
    // A comment line survives only when the raw bytes go on (a re-encoded record loses it).
    const first = `: warming up\n\n${delta('Hel')}`;
    const out = relay(tap, [first, delta('lo'), finish, usage + done]);
    expect(out.startsWith(`: warming up\n\n${delta('Hel')}${delta('lo')}${finish}`)).toBe(true);
    expect(out).not.toContain('"usage"');
    expect(out).toContain('[DONE]');
    expect(tap.usage).toMatchObject({ inputTokens: 3, outputTokens: 2 });
    expect(tap.outputChars).toBe(5);
  });

  it('re-emits records cut by a chunk edge once whole, never half a record', () => {
    const tap = new StreamUsageTap(chatCodec, isChatUsageOnlyChunk);
    const whole = delta('abc') + delta('def') + finish + usage + done;
    const cuts = [17, 130, 131, 260];
    const pieces = [0, ...cuts].map((at, i) => whole.slice(at, cuts[i] ?? whole.length));
    const out = relay(tap, pieces);
    const events = out.split('\n\n').filter(Boolean);
    for (const event of events) {
      const data = event.replace(/^data: /, '');
      expect(data === '[DONE]' || JSON.parse(data)).toBeTruthy();
    }
    expect(out).not.toContain('"usage"');
    expect(tap.outputChars).toBe(6);
    expect(tap.usage?.totalTokens).toBe(5);
  });
});

describe('StreamUsageTap passing records on as bytes while hiding', () => {
  const records = [delta('Hel'), delta('lo \\"x\\"'), delta('!'), finish, usage, done];
  const stream = records.join('');

  it('sends every visible byte as it came, whole records only, wherever the chunks are cut', () => {
    for (const step of [1, 7, 50, 131, 400]) {
      const tap = new StreamUsageTap(chatCodec, isChatUsageOnlyChunk);
      let out = '';
      for (let at = 0; at < stream.length; at += step) {
        const piece = tap.push(chunk(stream.slice(at, at + step)));
        expect(piece).not.toBeNull();
        out += text(piece!);
        // Never half a record: the client can parse whatever it has at any time.
        expect(out === '' || out.endsWith('\n\n')).toBe(true);
      }
      out += text(tap.end()!);
      expect(out).toBe(stream.replace(usage, ''));
      expect(tap.outputChars).toBe(10);
      expect(tap.usage?.totalTokens).toBe(5);
    }
  });

  it('sends the bytes of a chunk without a hidden record as bytes, not text', () => {
    const tap = new StreamUsageTap(chatCodec, isChatUsageOnlyChunk);
    const out = tap.push(chunk(`${delta('a')}${delta('b').slice(0, 30)}`));
    expect(out).toBeInstanceOf(Uint8Array);
    expect(text(out!)).toBe(delta('a'));
  });

  it('finds record boundaries in every line-ending form, across chunks', () => {
    for (const ending of ['\r\n\r\n', '\n\r\n', '\r\r\n']) {
      const written = records.map((r) => r.replace(/\n\n$/, ending)).join('');
      const tap = new StreamUsageTap(chatCodec, isChatUsageOnlyChunk);
      const cut = written.indexOf(ending) + 2;
      const out = relay(tap, [written.slice(0, cut), written.slice(cut)]);
      expect(out).not.toContain('"usage":{');
      expect(tap.outputChars).toBe(10);
      expect(tap.usage?.totalTokens).toBe(5);
    }
  });

  it('cuts a record that never ends, as the reader would', () => {
    const tap = new StreamUsageTap(chatCodec, isChatUsageOnlyChunk);
    const mega = new Uint8Array(1024 * 1024).fill(0x61);
    tap.push(chunk('data: {"x":"'));
    for (let i = 0; i < 17 && !tap.tooLarge; i += 1) expect(tap.push(mega)).toBe('');
    expect(tap.tooLarge?.code).toBe('upstream_response_too_large');
  });
});

describe('StreamUsageTap reading records without parsing them', () => {
  it('parses a last record the end cut short, which the skim would take for text', () => {
    const tap = new StreamUsageTap(chatCodec);
    const cut = delta('b').slice(0, delta('b').indexOf('}') + 1);
    expect(chatDeltaText(cut.slice('data: '.length))).toBe('b');
    relay(tap, [delta('a'), cut]);
    expect(tap.invalid?.code).toBe('upstream_invalid_response');
    expect(tap.outputChars).toBe(1);
  });
});

describe('StreamUsageTap in another framing', () => {
  // The chat format's records, framed as newline-delimited JSON: the tap reads, hides and
  // re-emits records through the codec's framing and never assumes SSE.
  const ndjsonChat = { ...chatCodec, framing: NDJSON_FRAMING };
  const line = (sse: string): string => `${sse.slice('data: '.length, -2)}\n`;

  it('meters NDJSON records and hides one without breaking a line', () => {
    const tap = new StreamUsageTap(ndjsonChat, isChatUsageOnlyChunk);
    const whole = line(delta('abc')) + line(delta('def')) + line(finish) + line(usage);
    const cuts = [17, 120, 121, whole.length - 5];
    const pieces = [0, ...cuts].map((at, i) => whole.slice(at, cuts[i] ?? whole.length));
    const out = relay(tap, pieces);
    const lines = out.split('\n').filter(Boolean);
    for (const record of lines) expect(JSON.parse(record)).toBeTruthy();
    expect(lines).toHaveLength(3);
    expect(out).not.toContain('"usage"');
    expect(tap.outputChars).toBe(6);
    expect(tap.usage?.totalTokens).toBe(5);
  });

  it('lets whole NDJSON records through as their raw bytes', () => {
    const tap = new StreamUsageTap(ndjsonChat);
    expect(tap.push(chunk(line(delta('hi'))))).toBeNull();
    expect(tap.end()).toBeNull();
    expect(tap.outputChars).toBe(2);
  });
});
