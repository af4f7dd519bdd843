import { describe, expect, it } from 'vitest';
import { GatewayError } from '../canonical/gateway-error.ts';
import { fallbackReason } from './fallback-rules.ts';

const error = (status: number, code?: string): GatewayError =>
  new GatewayError(status, 'x', code === undefined ? {} : { code });

describe('fallbackReason', () => {
  it('moves on from what another model can fix', () => {
    expect(fallbackReason(error(429, 'rate_limit_exceeded'))).toBe('rate_limited');
    expect(fallbackReason(error(529))).toBe('overloaded');
    expect(fallbackReason(error(500))).toBe('server_error');
    expect(fallbackReason(error(503))).toBe('server_error');
    expect(fallbackReason(error(404, 'model_not_found'))).toBe('not_found');
    expect(fallbackReason(error(502, 'upstream_unreachable'))).toBe('unreachable');
    expect(fallbackReason(error(502, 'upstream_disconnected'))).toBe('connection_reset');
    expect(fallbackReason(error(504, 'upstream_timeout'))).toBe('timeout');
    expect(fallbackReason(error(504, 'first_byte_timeout'))).toBe('first_byte_timeout');
  });

  it('never moves on from the request, the key, or the gateway itself', () => {
    expect(fallbackReason(error(400, 'invalid_request'))).toBeNull();
    expect(fallbackReason(error(401, 'upstream_key_rejected'))).toBeNull();
    expect(fallbackReason(error(403))).toBeNull();
    expect(fallbackReason(error(413))).toBeNull();
    expect(fallbackReason(error(503, 'upstream_not_configured'))).toBeNull();
    expect(fallbackReason(error(503, 'keychain_unavailable'))).toBeNull();
    expect(fallbackReason(error(500, 'internal_error'))).toBeNull();
  });
});
