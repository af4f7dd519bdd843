import { describe, expect, it } from 'vitest';
import { GEMINI_TOKEN_SOURCES } from '../formats/gemini/gemini-wire.ts';
import { presentedToken, singleTokenAuthenticator } from './local-auth.ts';
import { isAllowedHost } from './host-check.ts';

describe('presentedToken', () => {
  const none = new URLSearchParams();
  it('reads a bearer token on every route', () => {
    expect(presentedToken({ authorization: 'Bearer abc' }, none, [])).toEqual({
      token: 'abc',
      via: 'bearer',
    });
  });
  it("reads a format's own places (Gemini's x-goog-api-key and ?key=) only where it is given them", () => {
    expect(presentedToken({ 'x-goog-api-key': 'g' }, none, GEMINI_TOKEN_SOURCES)).toEqual({
      token: 'g',
      via: { header: 'x-goog-api-key' },
    });
    expect(presentedToken({}, new URLSearchParams('key=q'), GEMINI_TOKEN_SOURCES)).toEqual({
      token: 'q',
      via: { query: 'key' },
    });
    expect(presentedToken({ 'x-goog-api-key': 'g' }, none, [])).toBeNull();
  });
  it('ignores other schemes', () => {
    expect(presentedToken({ authorization: 'Basic abc' }, none, [])).toBeNull();
  });
});

describe('singleTokenAuthenticator', () => {
  it('accepts the token and refuses anything else, whatever its length', () => {
    const auth = singleTokenAuthenticator('secret-token', 'cli');
    expect(auth.verify('secret-token')).toEqual({ name: 'cli' });
    expect(auth.verify('secret-toke')).toBeNull();
    expect(auth.verify('')).toBeNull();
    expect(auth.verify('x'.repeat(10_000))).toBeNull();
  });
});

describe('isAllowedHost', () => {
  const none = new Set<string>();
  it('accepts loopback names with or without a port', () => {
    for (const host of [
      'localhost:8787',
      '127.0.0.1:1',
      '[::1]:8787',
      'localhost',
      'app.localhost:3',
    ]) {
      expect(isAllowedHost(host, none)).toBe(true);
    }
  });
  it('refuses other names unless allowed', () => {
    expect(isAllowedHost('evil.example:8787', none)).toBe(false);
    expect(isAllowedHost(undefined, none)).toBe(false);
    expect(isAllowedHost('gw.lan:8787', new Set(['gw.lan']))).toBe(true);
  });
});
