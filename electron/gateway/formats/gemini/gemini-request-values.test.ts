import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import {
  optionalBoolean,
  optionalNumber,
  optionalString,
  optionalStringArray,
  readArray,
  readObject,
} from './gemini-request-values.ts';

function paramOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof GatewayError && error.status === 400) return error.param;
  }
  throw new Error('expected a 400');
}

describe('gemini request values', () => {
  it('reads an object level in camelCase', () => {
    expect(readObject({ top_p: 1 }, 'generationConfig')).toEqual({ topP: 1 });
    expect(paramOf(() => readObject([1], 'generationConfig'))).toBe('generationConfig');
  });

  it('reads arrays and scalars, passing absent values as undefined', () => {
    expect(readArray([1], 'a')).toEqual([1]);
    expect(optionalString(undefined, 'a')).toBeUndefined();
    expect(optionalNumber(null, 'a')).toBeUndefined();
    expect(optionalBoolean(true, 'a')).toBe(true);
    expect(optionalStringArray(['x'], 'a')).toEqual(['x']);
  });

  it('names the field of a wrong type', () => {
    expect(paramOf(() => readArray({}, 'contents'))).toBe('contents');
    expect(paramOf(() => optionalString(3, 'x.y'))).toBe('x.y');
    expect(paramOf(() => optionalNumber('3', 'generationConfig.topK'))).toBe(
      'generationConfig.topK',
    );
    expect(paramOf(() => optionalBoolean('yes', 'b'))).toBe('b');
    expect(paramOf(() => optionalStringArray(['a', 2], 'stop'))).toBe('stop.1');
  });
});
