import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import {
  anthropicErrorBody,
  anthropicErrorType,
  statusOfAnthropicErrorType,
} from './anthropic-error-body.ts';

describe('Anthropic error bodies', () => {
  it('writes ErrorResponse with the type of the status', () => {
    expect(anthropicErrorBody(new GatewayError(429, 'Slow down'), 'req_1')).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'Slow down' },
      request_id: 'req_1',
    });
    expect(anthropicErrorBody(new GatewayError(400, 'Bad')).request_id).toBeNull();
  });

  it('maps statuses to types and back', () => {
    const statuses = [400, 401, 402, 403, 404, 413, 429, 500, 502, 503, 504, 529];
    expect(statuses.map(anthropicErrorType)).toEqual([
      'invalid_request_error',
      'authentication_error',
      'billing_error',
      'permission_error',
      'not_found_error',
      'invalid_request_error',
      'rate_limit_error',
      'api_error',
      'api_error',
      'api_error',
      'timeout_error',
      'overloaded_error',
    ]);
    for (const status of [400, 401, 402, 403, 404, 429, 504, 529])
      expect(statusOfAnthropicErrorType(anthropicErrorType(status))).toBe(status);
    expect(statusOfAnthropicErrorType('request_too_large')).toBe(413);
    expect(statusOfAnthropicErrorType('api_error')).toBe(500);
    expect(statusOfAnthropicErrorType(undefined)).toBe(500);
  });
});
