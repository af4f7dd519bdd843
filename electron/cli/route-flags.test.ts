import { describe, expect, it } from 'vitest';
import { routeParams } from './route-flags.ts';

describe('routeParams', () => {
  it('takes the waits in seconds and sends them in milliseconds', () => {
    expect(
      routeParams('coding', ['a', 'b'], {
        shadow: true,
        'first-byte-timeout': '30',
        'max-retry-after': '2.5s',
      }),
    ).toEqual({
      name: 'coding',
      models: ['a', 'b'],
      shadow: true,
      firstByteTimeoutMs: 30_000,
      maxRetryAfterMs: 2_500,
    });
  });

  it('puts options left out back to their defaults (set replaces a route)', () => {
    expect(routeParams('coding', ['a'], {})).toEqual({
      name: 'coding',
      models: ['a'],
      shadow: false,
      firstByteTimeoutMs: null,
      maxRetryAfterMs: null,
    });
  });

  it('refuses what the app refuses, in the command line’s words', () => {
    expect(() => routeParams('coding', [], {})).toThrow(/at least one model/);
    expect(() => routeParams('a/b', ['x'], {})).toThrow(/^NAME: must not hold spaces/);
    expect(() => routeParams('coding', ['x'], { 'first-byte-timeout': 'soon' })).toThrow(
      "--first-byte-timeout must be a number of seconds from 0.1 to 600, not 'soon'.",
    );
    expect(() => routeParams('coding', ['x'], { 'max-retry-after': '0' })).toThrow(
      /--max-retry-after must be a number of seconds/,
    );
  });
});
