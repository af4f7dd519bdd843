import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { geminiErrorBody } from './gemini-error-body.ts';

describe('geminiErrorBody', () => {
  it('renders a Google error with the status name', () => {
    expect(geminiErrorBody(new GatewayError(404, "Model 'foo' not found"))).toEqual({
      error: { code: 404, message: "Model 'foo' not found", status: 'NOT_FOUND' },
    });
  });

  it('adds a RetryInfo detail when a delay is known', () => {
    expect(geminiErrorBody(new GatewayError(429, 'slow down', { retryAfterSeconds: 35 }))).toEqual({
      error: {
        code: 429,
        message: 'slow down',
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '35s' }],
      },
    });
  });
});
