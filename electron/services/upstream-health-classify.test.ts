import { describe, expect, it } from 'vitest';
import { classifyProbe, type ProbeOutcome } from './upstream-health-classify.ts';

const BASE = 'https://upstream.example';

const answer = (status: number, body: string, retryAfter: string | null = null): ProbeOutcome => ({
  kind: 'answer',
  status,
  body,
  retryAfter,
});

const failed = (error: unknown): ProbeOutcome => ({ kind: 'failed', error, timeoutMs: 5000 });

const withCode = (code: string, message = code): Error =>
  Object.assign(new Error(message), { code });

describe('classifyProbe', () => {
  it('is ok for a model list, and counts the models', () => {
    const list = JSON.stringify({ object: 'list', data: [{ id: 'a' }, { id: 'b' }] });
    expect(classifyProbe(answer(200, list), BASE)).toEqual({
      state: 'ok',
      detail: '2 models visible to the key.',
      httpStatus: 200,
      retryAfterSeconds: null,
    });
    expect(classifyProbe(answer(200, '[{"id":"a"}]'), BASE).detail).toBe(
      '1 model visible to the key.',
    );
  });

  it('calls a 2xx that is no model list an upstream error (a wrong base URL, say)', () => {
    const page = classifyProbe(answer(200, '<html><title>Welcome</title></html>'), BASE);
    expect(page.state).toBe('upstream_error');
    expect(page.detail).toContain("is this the upstream's base URL?");
    expect(classifyProbe(answer(200, '{"status":"ok"}'), BASE).state).toBe('upstream_error');
  });

  it('says the key was rejected for a 401 and a 403, in the upstream’s words', () => {
    const body = JSON.stringify({ error: { message: 'Invalid API key.' } });
    expect(classifyProbe(answer(401, body), BASE)).toEqual({
      state: 'key_rejected',
      detail: 'Invalid API key.',
      httpStatus: 401,
      retryAfterSeconds: null,
    });
    expect(classifyProbe(answer(403, '{"message":"forbidden"}'), BASE).state).toBe('key_rejected');
  });

  it('does not blame the key for a 403 about the balance', () => {
    const body = JSON.stringify({ error: { message: 'Insufficient account balance.' } });
    expect(classifyProbe(answer(403, body), BASE).state).toBe('upstream_error');
  });

  it('reads Retry-After of a 429, in seconds or as a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(classifyProbe(answer(429, 'slow down', '7'), BASE, now)).toEqual({
      state: 'rate_limited',
      detail: 'slow down',
      httpStatus: 429,
      retryAfterSeconds: 7,
    });
    const date = new Date(now + 30_000).toUTCString();
    expect(classifyProbe(answer(429, '', date), BASE, now).retryAfterSeconds).toBe(30);
    expect(classifyProbe(answer(429, 'no header'), BASE, now).retryAfterSeconds).toBeNull();
  });

  it('calls a 5xx and other answers upstream errors, with the status', () => {
    const html = '<html><head><title>502 Bad Gateway</title></head></html>';
    const bad = classifyProbe(answer(502, html), BASE);
    expect(bad.state).toBe('upstream_error');
    expect(bad.detail).toBe('The upstream answered 502 with an HTML page: 502 Bad Gateway');
    expect(classifyProbe(answer(404, 'Not found'), BASE)).toMatchObject({
      state: 'upstream_error',
      detail: 'The upstream answered 404: Not found',
    });
  });

  it('cannot reach an upstream that refuses, is not found, or does not answer in time', () => {
    expect(classifyProbe(failed(withCode('ECONNREFUSED')), BASE)).toEqual({
      state: 'unreachable',
      detail: `Cannot reach ${BASE}: connection refused (ECONNREFUSED).`,
      httpStatus: null,
      retryAfterSeconds: null,
    });
    expect(classifyProbe(failed(withCode('ENOTFOUND')), BASE).detail).toContain(
      'DNS lookup failed',
    );
    const timeout = Object.assign(new Error('aborted'), { name: 'TimeoutError' });
    expect(classifyProbe(failed(timeout), BASE).detail).toBe(`No answer from ${BASE} within 5 s.`);
    expect(classifyProbe(failed(withCode('UND_ERR_CONNECT_TIMEOUT')), BASE).state).toBe(
      'unreachable',
    );
  });

  it('finds the code on the cause, as fetch wraps it', () => {
    const wrapped = new TypeError('fetch failed', { cause: withCode('EAI_AGAIN') });
    expect(classifyProbe(failed(wrapped), BASE).detail).toContain('(EAI_AGAIN)');
  });

  it('names TLS failures', () => {
    const tls = withCode('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate');
    expect(classifyProbe(failed(tls), BASE)).toMatchObject({
      state: 'unreachable',
      detail: `Cannot reach ${BASE} securely: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT).`,
    });
  });

  it('is not configured when the key could not be read', () => {
    const locked = withCode('keychain_unavailable', 'The keychain is locked.');
    expect(classifyProbe(failed(locked), BASE)).toMatchObject({
      state: 'not_configured',
      detail: 'The keychain is locked.',
    });
  });
});
