import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestPath, toOriginForm } from './origin-form.ts';

const request = (url: string, host = 'localhost:1'): IncomingMessage =>
  ({ url, headers: { host } }) as unknown as IncomingMessage;

describe('toOriginForm', () => {
  it('makes an absolute-form target origin-form, its authority the Host', () => {
    const req = request('http://127.0.0.1:8787/v1/models?key=secret', 'evil.example');
    toOriginForm(req);
    expect(req.url).toBe('/v1/models?key=secret');
    expect(req.headers.host).toBe('127.0.0.1:8787');
  });

  it('leaves origin-form and asterisk targets alone, and makes a target it cannot read `/`', () => {
    for (const target of ['/v1/models', '*']) {
      const req = request(target);
      toOriginForm(req);
      expect(req.url).toBe(target);
      expect(req.headers.host).toBe('localhost:1');
    }
    const bad = request('not a url');
    toOriginForm(bad);
    expect(bad.url).toBe('/');
  });
});

describe('requestPath', () => {
  it('drops the query', () => {
    expect(requestPath(request('/v1beta/models?key=k'))).toBe('/v1beta/models');
    expect(requestPath(request(''))).toBe('');
    expect(requestPath({ headers: {} } as IncomingMessage)).toBe('/');
  });
});
