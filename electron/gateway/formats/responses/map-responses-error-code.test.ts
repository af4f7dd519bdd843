import { describe, expect, it } from 'vitest';
import { responseErrorOf } from './map-responses-error-code.ts';

describe('error of a failed response', () => {
  it('keeps a code the schema lists', () => {
    expect(responseErrorOf(429, 'Slow down', 'rate_limit_exceeded')).toEqual({
      code: 'rate_limit_exceeded',
      message: 'Slow down',
    });
    expect(responseErrorOf(400, 'Bad image', 'invalid_image_url').code).toBe('invalid_image_url');
  });

  it('maps any other code by status and keeps it in the message', () => {
    expect(responseErrorOf(502, 'Connection closed.', 'upstream_disconnected')).toEqual({
      code: 'server_error',
      message: 'Connection closed. (upstream_disconnected)',
    });
    expect(responseErrorOf(500, 'Boom', 'internal')).toEqual({
      code: 'server_error',
      message: 'Boom (internal)',
    });
    expect(responseErrorOf(429, 'Quota', 'insufficient_quota')).toEqual({
      code: 'rate_limit_exceeded',
      message: 'Quota (insufficient_quota)',
    });
    expect(responseErrorOf(503, 'Overloaded', undefined)).toEqual({
      code: 'server_error',
      message: 'Overloaded',
    });
  });
});
