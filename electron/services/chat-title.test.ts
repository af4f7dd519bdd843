import { describe, expect, it } from 'vitest';
import { titleFrom } from './chat-title.ts';

describe('titleFrom', () => {
  it('takes the first non-empty line, whitespace collapsed', () => {
    expect(titleFrom('\n\n  How do   I list models?\nMore detail')).toBe('How do I list models?');
  });

  it('shortens a long line at a word break', () => {
    const title = titleFrom(
      'Explain the difference between chat completions and the responses API in detail',
    );
    expect(title).toBe('Explain the difference between chat completions and the…');
    expect(title.length).toBeLessThanOrEqual(61);
  });

  it('cuts one long word where it must', () => {
    expect(titleFrom('x'.repeat(100))).toBe(`${'x'.repeat(60)}…`);
  });

  it('shows Markdown as the plain text a reader sees', () => {
    expect(titleFrom('## **Fix** the `parser` in [this file](https://x.test/a.ts)')).toBe(
      'Fix the parser in this file',
    );
    expect(titleFrom('```ts\nconst a = 1;\n```')).toBe('const a = 1;');
    expect(titleFrom('> - _why_ does ~~it~~ fail?')).toBe('why does it fail?');
    expect(titleFrom('snake_case_name and 2 * 3 * 4')).toBe('snake_case_name and 2 * 3 * 4');
    expect(titleFrom('[[sim:slow]] hello')).toBe('[[sim:slow]] hello');
  });
});
