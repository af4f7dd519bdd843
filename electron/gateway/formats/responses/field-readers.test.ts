import { describe, expect, it } from 'vitest';
import {
  joinPath,
  oneOf,
  optionalArray,
  optionalBoolean,
  optionalNumber,
  optionalRecord,
  optionalString,
  requiredString,
  withoutDefaults,
} from './field-readers.ts';
import { gatewayErrorOf } from '../../../../test/doubles/formats/responses-test-support.ts';

describe('field readers', () => {
  it('joins paths with dots, from the top level', () => {
    expect(joinPath('', 'model')).toBe('model');
    expect(joinPath('input.2', 'content')).toBe('input.2.content');
    expect(joinPath('tools', 0)).toBe('tools.0');
  });

  it('treats null like absent and reads the right type', () => {
    const body = { s: 'x', n: 2, b: false, o: { a: 1 }, a: [1], z: null };
    expect(optionalString(body, 's')).toBe('x');
    expect(optionalString(body, 'z')).toBeUndefined();
    expect(optionalNumber(body, 'n')).toBe(2);
    expect(optionalBoolean(body, 'b')).toBe(false);
    expect(optionalRecord(body, 'o')).toEqual({ a: 1 });
    expect(optionalArray(body, 'a')).toEqual([1]);
  });

  it('names the parameter of a wrong type', () => {
    const error = gatewayErrorOf(() => optionalNumber({ temperature: 'hot' }, 'temperature'));
    expect(error).toMatchObject({ status: 400, param: 'temperature', code: 'invalid_type' });
    expect(gatewayErrorOf(() => optionalString({ text: 1 }, 'text', 'input.0')).param).toBe(
      'input.0.text',
    );
    expect(gatewayErrorOf(() => optionalNumber({ n: Number.NaN }, 'n')).param).toBe('n');
  });

  it('names a missing required parameter', () => {
    const error = gatewayErrorOf(() => requiredString({}, 'call_id', 'input.3'));
    expect(error).toMatchObject({ param: 'input.3.call_id', code: 'missing_required_parameter' });
  });

  it('checks enumerated values', () => {
    expect(oneOf('low', ['low', 'high'] as const, 'x')).toBe('low');
    const error = gatewayErrorOf(() => oneOf('huge', ['low', 'high'] as const, 'reasoning.effort'));
    expect(error).toMatchObject({ param: 'reasoning.effort', code: 'invalid_value' });
    expect(error.message).toContain("'low', 'high'");
  });

  it('removes only fields that hold their default value', () => {
    expect(
      withoutDefaults(
        { background: false, top_logprobs: 3, a: 1 },
        { background: false, top_logprobs: 0 },
      ),
    ).toEqual({
      top_logprobs: 3,
      a: 1,
    });
  });
});
