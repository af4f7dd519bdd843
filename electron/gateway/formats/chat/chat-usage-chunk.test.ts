import { describe, expect, it } from 'vitest';
import { isChatUsageOnlyChunk } from './chat-usage-chunk.ts';

describe('isChatUsageOnlyChunk', () => {
  it.each([
    ['compact', '{"id":"c","choices":[],"usage":{"prompt_tokens":3,"total_tokens":5}}'],
    ['spaced', '{"id": "c", "choices": [ ], "usage": {"prompt_tokens": 3}}'],
    ['usage first', '{"usage":{"total_tokens":5},"object":"chat.completion.chunk","choices":[]}'],
  ])('finds the usage chunk, %s', (_name, data) => {
    expect(isChatUsageOnlyChunk(data)).toBe(true);
  });

  it.each([
    ['a text chunk with usage null', '{"choices":[{"delta":{"content":"x"}}],"usage":null}'],
    ['a text chunk without usage', '{"choices":[{"delta":{"content":"usage"}}]}'],
    [
      "Mistral's last content chunk with usage",
      '{"choices":[{"delta":{"content":"x"}}],"usage":{"total_tokens":5}}',
    ],
    ["Azure's first chunk", '{"choices":[],"id":"","prompt_filter_results":[]}'],
    ['[DONE]', '[DONE]'],
    ['a chunk that is not JSON', '{"choices":[],"usage":{'],
  ])('passes %s', (_name, data) => {
    expect(isChatUsageOnlyChunk(data)).toBe(false);
  });
});
