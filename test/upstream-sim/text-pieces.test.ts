import { describe, expect, it } from 'vitest';
import { excerpt, splitArguments, splitJson, splitWords } from './text-pieces.ts';

describe('text pieces', () => {
  it('split so that pieces join back exactly', () => {
    const text = 'Simulated  reply to: "x". Done.';
    expect(splitWords(text).join('')).toBe(text);
    expect(splitWords(text)).toHaveLength(6);
    const json = JSON.stringify({ a: 'b c', d: [1, 2] });
    expect(splitJson(json).join('')).toBe(json);
    expect(splitJson(json).length).toBeGreaterThan(2);
    expect(splitWords('')).toEqual([]);
  });

  it('always cuts tool arguments into at least two fragments', () => {
    expect(splitArguments('{}')).toEqual(['{', '}']);
    expect(splitArguments('{"city":"Paris"}').join('')).toBe('{"city":"Paris"}');
    expect(splitArguments('{"city":"Paris"}').length).toBeGreaterThanOrEqual(2);
  });

  it('excerpts without splitting a surrogate pair', () => {
    expect(excerpt('a\n\nb', 60)).toBe('a b');
    expect(excerpt('ab😀', 3)).toBe('ab');
  });
});
