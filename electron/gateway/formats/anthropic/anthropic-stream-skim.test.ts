import { describe, expect, it } from 'vitest';
import { anthropicBlockDelta } from './anthropic-stream-skim.ts';

const delta = (inner: string, index = 0): string =>
  `{"type":"content_block_delta","index":${index},"delta":${inner}}`;

describe('anthropicBlockDelta', () => {
  it.each([
    [
      'text',
      delta('{"type":"text_delta","text":"lorem "}'),
      { index: 0, delta: { type: 'text_delta', text: 'lorem ' } },
    ],
    [
      'thinking',
      delta('{"type":"thinking_delta","thinking":"hm\\n"}', 2),
      { index: 2, delta: { type: 'thinking_delta', thinking: 'hm\n' } },
    ],
    [
      'tool input',
      delta('{"type":"input_json_delta","partial_json":"{\\"a\\":"}', 1),
      { index: 1, delta: { type: 'input_json_delta', partial_json: '{"a":' } },
    ],
    [
      'spaced',
      '{ "type": "content_block_delta", "index": 0, "delta": { "type": "text_delta", "text": "x" } }',
      { index: 0, delta: { type: 'text_delta', text: 'x' } },
    ],
  ])('reads %s', (_name, data, expected) => {
    expect(anthropicBlockDelta(data)).toEqual(expected);
  });

  it.each([
    ['a signature', delta('{"type":"signature_delta","signature":"s"}')],
    ['citations', delta('{"type":"citations_delta","citation":{}}')],
    [
      'more after the delta',
      `${delta('{"type":"text_delta","text":"x"}').slice(0, -1)},"extra":1}`,
    ],
    ['a field after the text', delta('{"type":"text_delta","text":"x","more":1}')],
    ['another event', '{"type":"message_delta","delta":{"stop_reason":"end_turn"}}'],
    ['a cut record', delta('{"type":"text_delta","text":"x"}').slice(0, -1)],
  ])('leaves %s to the parser', (_name, data) => {
    expect(anthropicBlockDelta(data)).toBeUndefined();
  });
});
