import { describe, expect, it } from 'vitest';
import { ollamaContent } from './ollama-stream-skim.ts';

const line = (message: string, rest = ',"done":false'): string =>
  `{"model":"m","created_at":"2026-01-01T00:00:00Z","message":${message}${rest}}`;

describe('ollamaContent', () => {
  it.each([
    ['text', line('{"role":"assistant","content":"lorem "}'), 'lorem '],
    [
      "Ollama's examples, with images: null",
      line('{"role":"assistant","content":"The","images":null}'),
      'The',
    ],
    ['escapes', line('{"role":"assistant","content":"a\\nb"}'), 'a\nb'],
  ])('reads %s', (_name, data, text) => {
    expect(ollamaContent(data)).toBe(text);
  });

  it.each([
    ['the done line', line('{"role":"assistant","content":""}', ',"done":true,"eval_count":3')],
    ['thinking', line('{"role":"assistant","content":"","thinking":"hm"}')],
    ['tool calls', line('{"role":"assistant","content":"","tool_calls":[]}')],
    ['an error', '{"error":"boom"}'],
    ['a generate line', '{"model":"m","created_at":"x","response":"The","done":false}'],
  ])('leaves %s to the parser', (_name, data) => {
    expect(ollamaContent(data)).toBeUndefined();
  });
});
