import { describe, expect, it } from 'vitest';
import { chatDeltaText } from './chat-stream-skim.ts';
import { isChatUsageOnlyChunk } from './chat-usage-chunk.ts';

const chunk = (choice: string, rest = ',"usage":null'): string =>
  `{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[${choice}]${rest}}`;
const delta = (inner: string, tail = ',"logprobs":null,"finish_reason":null'): string =>
  chunk(`{"index":0,"delta":${inner}${tail}}`);

describe('chatDeltaText', () => {
  it.each([
    ['plain text', delta('{"content":"lorem "}'), 'lorem '],
    ['after the role', delta('{"role":"assistant","content":"Hi"}'), 'Hi'],
    ['spaced', delta('{ "content" : "a b" }'), 'a b'],
    ['escapes', delta('{"content":"\\"q\\"\\n\\u00e9\\\\"}'), '"q"\n\u00e9\\'],
    ['no usage field', chunk('{"index":0,"delta":{"content":"x"}}', ''), 'x'],
    ['an empty piece', delta('{"content":""}'), ''],
    [
      "Azure's order, keys sorted",
      '{"choices":[{"content_filter_results":{},"delta":{"content":"Capital"},"finish_reason":null,"index":0,"logprobs":null}],"created":1,"id":"x","model":"m","object":"chat.completion.chunk","usage":null}',
      'Capital',
    ],
  ])('reads %s', (_name, data, text) => {
    expect(chatDeltaText(data)).toBe(text);
    // The metering tap does not ask whether a skimmed chunk is to be hidden.
    expect(isChatUsageOnlyChunk(data)).toBe(false);
  });

  it('leaves the usage chunk, the one the gateway hides, to the parser', () => {
    const usageChunk = chunk('', ',"usage":{"prompt_tokens":3,"total_tokens":5}');
    expect(isChatUsageOnlyChunk(usageChunk)).toBe(true);
    expect(chatDeltaText(usageChunk)).toBeUndefined();
  });

  it.each([
    ['a finish reason', delta('{"content":"x"}', ',"finish_reason":"stop"')],
    ['usage', chunk('{"index":0,"delta":{"content":"x"}}', ',"usage":{"prompt_tokens":1}')],
    ['an error', chunk('{"index":0,"delta":{"content":"x"}}', ',"error":{"message":"no"}')],
    ['a refusal field', delta('{"content":"","refusal":null}')],
    ['reasoning', delta('{"reasoning_content":"hm","content":"x"}')],
    ['tool calls', delta('{"content":null,"tool_calls":[]}')],
    ['content as parts', delta('{"content":[{"type":"text","text":"x"}]}')],
    [
      'two choices',
      chunk('{"index":0,"delta":{"content":"a"}},{"index":1,"delta":{"content":"b"}}'),
    ],
    ['two records on two lines', `${delta('{"content":"a"}')}\n${delta('{"content":"b"}')}`],
    ['no JSON', 'data that is not JSON'],
    ['[DONE]', '[DONE]'],
    ['a string that never ends', delta('{"content":"abc}')],
  ])('leaves a chunk with %s to the parser', (_name, data) => {
    expect(chatDeltaText(data)).toBeUndefined();
  });
});
