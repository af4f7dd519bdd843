import { describe, expect, it } from 'vitest';
import { chatCodec } from '../formats/chat/chat-codec.ts';
import { NDJSON_FRAMING } from '../formats/framing/ndjson-framing.ts';
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

/** What the client receives: the tap's output where it gives one, else the raw chunk. */
function relay(tap: StreamUsageTap, chunks: string[]): string {
  let out = '';
  for (const text of chunks) {
    const filtered = tap.push(chunk(text));
    out += filtered ?? text;
  }
  return out + (tap.end() ?? '');
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
