import { describe, expect, it } from 'vitest';
import {
  absentOrNull,
  isOneLineObject,
  memberValue,
  readNumber,
  readString,
  readTokens,
  tokens,
} from './skim-json.ts';

describe('skim-json', () => {
  it('tells one object on one line from anything else', () => {
    expect(isOneLineObject('{"a":1}')).toBe(true);
    expect(isOneLineObject('{"a":1}\n{"b":2}')).toBe(false);
    expect(isOneLineObject('[{"a":1}]')).toBe(false);
    expect(isOneLineObject('{"a":1')).toBe(false);
  });

  it('finds a member by its name, spaced or not, and passes over the same text elsewhere', () => {
    const text = '{"note":"usage\\"","my_usage":1, "usage" : {"n":1}}';
    expect(text.slice(memberValue(text, 'usage"'))).toBe('{"n":1}}');
    expect(memberValue('{"a":"usage"}', 'usage"')).toBe(-1);
    // An escaped quote before the name is inside a string.
    expect(memberValue('{"a":"\\"usage\\":1"}', 'usage"')).toBe(-1);
    const twice = '{"a":{"k":1},"k":2}';
    expect(memberValue(twice, 'k"', memberValue(twice, 'k"'))).toBe(twice.lastIndexOf('2'));
  });

  it('says a member is absent or null only when it surely is', () => {
    expect(absentOrNull('{"a":1}', 'usage"')).toBe(true);
    expect(absentOrNull('{"usage":null}', 'usage"')).toBe(true);
    expect(absentOrNull('{"usage": null}', 'usage"')).toBe(true);
    expect(absentOrNull('{"usage":{}}', 'usage"')).toBe(false);
    expect(absentOrNull('{"usage":null,"x":{"usage":1}}', 'usage"')).toBe(false);
    expect(absentOrNull('{"a":"my usage"}', 'usage"')).toBe(false);
  });

  it('reads tokens in order, whitespace between them allowed', () => {
    const objectA = tokens('{', '"a"', ':');
    expect(readTokens('{"a":1}', 0, objectA)).toBe(5);
    expect(readTokens('{ "a" :1}', 0, objectA)).toBe(7);
    expect(readTokens('{"b":1}', 0, objectA)).toBe(-1);
    expect(readTokens('{"a":1}', -1, objectA)).toBe(-1);
  });

  it('reads strings as JSON.parse does', () => {
    for (const value of ['plain', '', 'q"uote', 'back\\slash\\', 'line\nbreak', 'é 😀', '\\"']) {
      const text = `{"a":${JSON.stringify(value)},"b":1}`;
      expect(readString(text, 5)).toEqual({ value, end: text.indexOf(',"b"') });
    }
    expect(readString('{"a":"\\u00e9"}', 5)?.value).toBe('é');
    expect(readString('{"a":1}', 5)).toBeUndefined();
    expect(readString('{"a":"open', 5)).toBeUndefined();
    expect(readString('{"a":"bad \\x escape"}', 5)).toBeUndefined();
  });

  it('reads numbers as JSON.parse does, and nothing that is not one', () => {
    for (const value of ['0', '7', '123', '-1', '1.5', '2e3', '-0.25E-2']) {
      expect(readNumber(`{"a":${value}}`, 5)).toEqual({
        value: Number(value),
        end: 5 + value.length,
      });
    }
    for (const text of ['{"a":01}', '{"a":1x}', '{"a":"1"}', '{"a":-}', '{"a":.5}'])
      expect(readNumber(text, 5)).toBeUndefined();
  });
});
