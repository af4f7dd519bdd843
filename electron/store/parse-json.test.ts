import { describe, expect, it } from 'vitest';
import { isStringArray, isStringRecord, parseJson } from './parse-json.ts';

describe('parseJson', () => {
  it('parses JSON text', () => {
    expect(parseJson('{"a":[1,"b"]}')).toEqual({ a: [1, 'b'] });
    expect(parseJson('null')).toBeNull();
  });

  it('reads damaged text and SQL NULL as undefined instead of throwing', () => {
    expect(parseJson('{"a":')).toBeUndefined();
    expect(parseJson(null)).toBeUndefined();
  });
});

describe('guards', () => {
  it('isStringArray', () => {
    expect(isStringArray(['a', 'b'])).toBe(true);
    expect(isStringArray([])).toBe(true);
    expect(isStringArray(['a', 1])).toBe(false);
    expect(isStringArray('a')).toBe(false);
  });

  it('isStringRecord', () => {
    expect(isStringRecord({ a: 'x' })).toBe(true);
    expect(isStringRecord({ a: 1 })).toBe(false);
    expect(isStringRecord(['x'])).toBe(false);
    expect(isStringRecord(null)).toBe(false);
  });
});
