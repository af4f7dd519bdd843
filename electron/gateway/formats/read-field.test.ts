import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../test/doubles/gateway-error-of.ts';
import {
  optionalArray,
  optionalBoolean,
  optionalNumber,
  optionalRecord,
  optionalString,
  requiredRecord,
  requiredString,
} from './read-field.ts';

describe('chat field readers', () => {
  it('treat null and undefined as absent', () => {
    expect(optionalString(null, 'a')).toBeUndefined();
    expect(optionalNumber(undefined, 'a')).toBeUndefined();
    expect(optionalBoolean(null, 'a')).toBeUndefined();
    expect(optionalRecord(null, 'a')).toBeUndefined();
    expect(optionalArray(null, 'a')).toBeUndefined();
  });

  it('return values of the right type', () => {
    expect(optionalString('x', 'a')).toBe('x');
    expect(optionalNumber(0, 'a')).toBe(0);
    expect(optionalBoolean(false, 'a')).toBe(false);
    expect(requiredRecord({ k: 1 }, 'a')).toEqual({ k: 1 });
    expect(optionalArray([1], 'a')).toEqual([1]);
  });

  it('name the path of a field of the wrong type', () => {
    const error = errorOf(() => optionalNumber('0.2', 'temperature'));
    expect(error.status).toBe(400);
    expect(error.param).toBe('temperature');
    expect(error.message).toBe("Invalid 'temperature': expected a number.");
    expect(errorOf(() => optionalRecord([], 'messages.0')).message).toMatch(/an object/);
    expect(errorOf(() => optionalNumber(Number.NaN, 'seed')).param).toBe('seed');
  });

  it('name a missing required field', () => {
    const error = errorOf(() => requiredString(undefined, 'messages.3.tool_call_id'));
    expect(error.param).toBe('messages.3.tool_call_id');
    expect(error.message).toBe("Missing required field 'messages.3.tool_call_id'.");
    expect(errorOf(() => requiredRecord(null, 'x')).param).toBe('x');
  });
});
