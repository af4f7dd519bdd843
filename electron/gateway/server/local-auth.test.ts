import { describe, expect, it } from 'vitest';
import { presentedToken, singleTokenAuthenticator } from './local-auth.ts';
import { isAllowedHost } from './host-check.ts';

describe('presentedToken', () => {
  const none = new URLSearchParams();
  it('reads a bearer token on every route', () => {
    expect(presentedToken({ authorization: 'Bearer abc' }, none, false)).toEqual({
      token: 'abc',
      via: 'bearer',
    });
  });
  it('reads x-goog-api-key and ?key= only where Gemini clients call', () => {
    expect(presentedToken({ 'x-goog-api-key': 'g' }, none, true)).toEqual({
      token: 'g',
      via: 'x-goog-api-key',
    });
    expect(presentedToken({}, new URLSearchParams('key=q'), true)).toEqual({
      token: 'q',
      via: 'query',
    });
    expect(presentedToken({ 'x-goog-api-key': 'g' }, none, false)).toBeNull();
  });
  it('ignores other schemes', () => {
    expect(presentedToken({ authorization: 'Basic abc' }, none, false)).toBeNull();
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
