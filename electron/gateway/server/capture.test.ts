import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startCapture, type CaptureOptions } from './capture.ts';

const options = (enabled: boolean, maxBytes = 1024): CaptureOptions => ({
  enabled: () => enabled,
  maxBytes,
  redactText: (text) => text.replaceAll('secret', '[REDACTED]'),
  redactHeaders: (headers) => ({ ...(headers as Record<string, string>), authorization: '***' }),
});

const req = { headers: { authorization: 'Bearer t', host: 'localhost' } } as IncomingMessage;

function response() {
  const written: unknown[] = [];
  const res = {
    write: (data: unknown) => written.push(data) > 0,
    end: (data?: unknown) => {
      if (data !== undefined) written.push(data);
      return res;
    },
  };
  return { res: res as unknown as ServerResponse, written };
}

describe('startCapture', () => {
  it('touches nothing when capture is off', () => {
    const { res } = response();
    const write = res.write;
    expect(startCapture(options(false), req, res)).toBeNull();
    expect(startCapture(undefined, req, res)).toBeNull();
    expect(res.write).toBe(write);
  });

  it('keeps what the client was sent, scrubbed and redacted, with the request', () => {
    const { res, written } = response();
    const finish = startCapture(options(true), req, res);
    res.write('data: a KEY\n\n');
    res.end(Buffer.from('data: secret\n\n'));
    expect(written).toHaveLength(2);
    const capture = finish?.(Buffer.from('{"q":"secret"}'), (text) => text.replace('KEY', '[KEY]'));
    expect(capture).toEqual({
      requestHeaders: { authorization: '***', host: 'localhost' },
      requestBody: '{"q":"[REDACTED]"}',
      responseBody: 'data: a [KEY]\n\ndata: [REDACTED]\n\n',
    });
  });

  it('cuts what passes the cap', () => {
    const { res } = response();
    const finish = startCapture(options(true, 4), req, res);
    res.end('0123456789');
    expect(finish?.(null, (text) => text).responseBody).toBe('0123… [truncated]');
  });
});
