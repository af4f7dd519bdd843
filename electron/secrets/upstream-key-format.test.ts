import { describe, expect, it } from 'vitest';
import {
  InvalidUpstreamKeyError,
  MAX_KEY_LENGTH,
  validateProfileId,
  validateUpstreamKey,
} from './upstream-key-format.ts';

describe('validateUpstreamKey', () => {
  it('accepts ordinary keys up to the length limit', () => {
    expect(() => validateUpstreamKey('sk-abc_DEF.123/+=')).not.toThrow();
    expect(() => validateUpstreamKey('k'.repeat(MAX_KEY_LENGTH))).not.toThrow();
  });

  it.each([
    ['empty', ''],
    ['a space', 'sk abc'],
    ['a newline', 'sk-abc\n'],
    ['a carriage return', 'sk-abc\r\nX-Evil: 1'],
    ['a tab', '\tsk-abc'],
    ['a NUL', 'sk-\u0000abc'],
    ['a non-breaking space', 'sk-\u00a0abc'],
    ['too many characters', 'k'.repeat(MAX_KEY_LENGTH + 1)],
  ])('refuses a key with %s, without echoing it', (_what, key) => {
    let error: unknown;
    try {
      validateUpstreamKey(key);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidUpstreamKeyError);
    if (key.length > 2) expect((error as Error).message).not.toContain(key.trim());
  });
});

describe('validateProfileId', () => {
  it('accepts ordinary ids and refuses empty, blank or huge ones', () => {
    expect(() => validateProfileId('default')).not.toThrow();
    expect(() => validateProfileId('')).toThrow(TypeError);
    expect(() => validateProfileId('a b')).toThrow(TypeError);
    expect(() => validateProfileId('p'.repeat(201))).toThrow(TypeError);
  });
});
