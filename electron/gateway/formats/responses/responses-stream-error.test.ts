import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { responsesStreamError } from './responses-stream-error.ts';

describe('responses stream error record', () => {
  it('is an `event: error` record in the flat 7.55 shape', () => {
    const record = responsesStreamError(
      new GatewayError(429, 'Slow down', { code: 'rate_limit_exceeded' }),
      7,
    );
    expect(record).toBe(
      'event: error\ndata: {"type":"error","code":"rate_limit_exceeded","message":"Slow down","param":null,"sequence_number":7}\n\n',
    );
  });

  it('defaults the code to server_error', () => {
    expect(responsesStreamError(new GatewayError(500, 'x'), 0)).toContain('"code":"server_error"');
  });
});
