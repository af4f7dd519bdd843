import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { anthropicStreamError } from './anthropic-stream-error.ts';

describe('anthropicStreamError', () => {
  it('writes an error event with the body of the status', () => {
    expect(anthropicStreamError(new GatewayError(503, 'Upstream down'))).toBe(
      'event: error\ndata: {"type":"error","error":{"type":"api_error","message":"Upstream down"},"request_id":null}\n\n',
    );
  });
});
