import { describe, expect, it } from 'vitest';
import { refuseHost } from './host-check.ts';

const none = new Set<string>();

describe('refuseHost', () => {
  it('accepts loopback names and the names the user allowed', () => {
    expect(refuseHost('127.0.0.1:8787', none, 'gateway')).toBeUndefined();
    expect(refuseHost('localhost', none, 'app')).toBeUndefined();
    expect(refuseHost('my-box.lan:8787', new Set(['my-box.lan']), 'gateway')).toBeUndefined();
  });

  it('answers a request without a Host with a 400', () => {
    expect(refuseHost(undefined, none, 'gateway')).toMatchObject({
      status: 400,
      code: 'missing_host',
    });
  });

  it('refuses another name with a 403; the gateway names it, the app does not', () => {
    expect(refuseHost('evil.example', none, 'gateway')).toMatchObject({
      status: 403,
      code: 'host_not_allowed',
      message: "Host 'evil.example' is not allowed: the gateway answers loopback names only.",
    });
    expect(refuseHost('evil.example', none, 'app')?.message).toBe(
      'Host not allowed: the app answers loopback names only.',
    );
    expect(refuseHost('', none, 'gateway')?.status).toBe(403);
  });
});
