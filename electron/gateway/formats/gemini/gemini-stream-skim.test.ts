import { describe, expect, it } from 'vitest';
import { memoryResponseStore, memoryStateStore } from '../../canonical/memory-stores.ts';
import { createGeminiStreamDecoder } from './gemini-stream-decoder.ts';
import { geminiTextRecord } from './gemini-stream-skim.ts';

const usage = (n: number): string =>
  `"usageMetadata":{"promptTokenCount":8,"candidatesTokenCount":${n},"totalTokenCount":${8 + n}}`;
const record = (part: string, extra = `,${usage(1)}`, candidate = ''): string =>
  `{"candidates":[{"content":{"parts":[${part}],"role":"model"}${candidate},"index":0}]${extra},"modelVersion":"m","responseId":"r"}`;

describe('geminiTextRecord', () => {
  it.each([
    ['text with usage', record('{"text":"lorem "}'), { text: 'lorem ', usage: true }],
    ['text alone', record('{"text":"a"}', ''), { text: 'a', usage: false }],
    [
      'role first, spaced',
      '{"candidates": [{"content": {"role": "model", "parts": [{"text": "a\\u00e9"}]}}], "usageMetadata": {"totalTokenCount": 3}}',
      { text: 'a\u00e9', usage: true },
    ],
  ])('reads %s', (_name, data, expected) => {
    expect(geminiTextRecord(data)).toEqual(expected);
  });

  it.each([
    ['a finish reason', record('{"text":"x"}', `,${usage(1)}`, ',"finishReason":"STOP"')],
    ['a thought', record('{"text":"x","thought":true}')],
    ['a signature', record('{"text":"x","thoughtSignature":"sig"}')],
    ['two parts', record('{"text":"x"},{"text":"y"}')],
    ['a call', record('{"functionCall":{"name":"f","args":{}}}')],
    [
      "usage without counts (Vertex's in-between record)",
      record('{"text":"x"}', ',"usageMetadata":{"trafficType":"ON_DEMAND"}'),
    ],
    ['prompt feedback', record('{"text":"x"}', ',"promptFeedback":{"blockReason":"SAFETY"}')],
    ['an error', '{"error":{"code":500,"message":"x"}}'],
    ['an error before the candidates', `{"error":{"code":500},${record('{"text":"x"}').slice(1)}`],
    [
      'a second candidate with its finish reason',
      record('{"text":"x"}', `,${usage(1)}`, '},{"content":{"parts":[]},"finishReason":"STOP"'),
    ],
    ['a wrapping array', `[${record('{"text":"x"}')}]`],
  ])('leaves a record with %s to the parser', (_name, data) => {
    expect(geminiTextRecord(data)).toBeUndefined();
  });
});

describe('GeminiStreamDecoder.skim', () => {
  const context = () => ({
    rules: [],
    dropped: [],
    state: memoryStateStore(10),
    responses: memoryResponseStore(10),
  });

  it("reads the last skimmed record's usage at the end, as push would", () => {
    const decoder = createGeminiStreamDecoder(context());
    decoder.push({ data: record('{"text":"a"}'), event: undefined, id: undefined });
    const events = [2, 3, 4].flatMap((n) =>
      decoder.skim!({
        data: record('{"text":"b"}', `,${usage(n)}`),
        event: undefined,
        id: undefined,
      })!,
    );
    expect(events).toEqual([1, 2, 3].map(() => ({ type: 'text-delta', text: 'b' })));
    const last = decoder.push({
      data: record(
        '{"text":""}',
        ',"usageMetadata":{"trafficType":"ON_DEMAND"}',
        ',"finishReason":"STOP"',
      ),
      event: undefined,
      id: undefined,
    });
    expect(last).toEqual([]);
    expect(decoder.end()).toContainEqual({
      type: 'usage',
      usage: { inputTokens: 8, outputTokens: 4, totalTokens: 12 },
    });
  });

  it('leaves the first record to push: it starts the answer', () => {
    const decoder = createGeminiStreamDecoder(context());
    expect(
      decoder.skim!({ data: record('{"text":"a"}'), event: undefined, id: undefined }),
    ).toBeUndefined();
  });
});
