import { describe, expect, it } from 'vitest';
import { responsesDelta } from './responses-stream-skim.ts';

const event = (type: string, rest: string): string =>
  `{"type":"${type}","sequence_number":4,"item_id":"msg_1",${rest}}`;

describe('responsesDelta', () => {
  it.each([
    [
      'a text delta',
      event(
        'response.output_text.delta',
        '"output_index":0,"content_index":0,"delta":"lorem ","logprobs":[],"obfuscation":"x"',
      ),
      {
        type: 'response.output_text.delta',
        outputIndex: 0,
        contentIndex: 0,
        summaryIndex: 0,
        delta: 'lorem ',
      },
    ],
    [
      'keys sorted, type last',
      '{"content_index":1,"delta":"a\\"b","item_id":"x","logprobs":[],"output_index":2,"sequence_number":10,"type":"response.output_text.delta"}',
      {
        type: 'response.output_text.delta',
        outputIndex: 2,
        contentIndex: 1,
        summaryIndex: 0,
        delta: 'a"b',
      },
    ],
    [
      'a summary delta',
      event(
        'response.reasoning_summary_text.delta',
        '"output_index":0,"summary_index":1,"delta":"hm"',
      ),
      {
        type: 'response.reasoning_summary_text.delta',
        outputIndex: 0,
        contentIndex: 0,
        summaryIndex: 1,
        delta: 'hm',
      },
    ],
    [
      'arguments',
      event('response.function_call_arguments.delta', '"output_index":1,"delta":"{\\"a\\""'),
      {
        type: 'response.function_call_arguments.delta',
        outputIndex: 1,
        contentIndex: 0,
        summaryIndex: 0,
        delta: '{"a"',
      },
    ],
  ])('reads %s', (_name, data, expected) => {
    expect(responsesDelta(data)).toEqual(expected);
  });

  it.each([
    [
      'another event',
      event('response.output_text.done', '"output_index":0,"content_index":0,"text":"x"'),
    ],
    [
      'an index that is not a plain number',
      event('response.output_text.delta', '"output_index":"0","delta":"x"'),
    ],
    ['no delta', event('response.output_text.delta', '"output_index":0,"content_index":0')],
    [
      'a second type, not first',
      '{"delta":"x","output_index":0,"part":{"type":"x"},"type":"response.output_text.delta"}',
    ],
    ['an error event', '{"type":"error","code":"x","message":"y"}'],
  ])('leaves %s to the parser', (_name, data) => {
    expect(responsesDelta(data)).toBeUndefined();
  });
});
