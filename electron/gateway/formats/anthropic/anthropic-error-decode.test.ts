import { describe, expect, it } from 'vitest';
import { decodeAnthropicError } from './anthropic-error-decode.ts';

describe('decodeAnthropicError', () => {
  it('reads an Anthropic error body, its type as the code, Retry-After kept', () => {
    const error = decodeAnthropicError(
      529,
      JSON.stringify({
        type: 'error',
        error: { type: 'overloaded_error', message: 'Overloaded' },
        request_id: 'req_011',
      }),
      { 'retry-after': '12' },
    );
    expect(error.status).toBe(529);
    expect(error.message).toBe('Overloaded');
    expect(error.code).toBe('overloaded_error');
    expect(error.retryAfterSeconds).toBe(12);
  });

  it('keeps every status, the authentication and not-found ones too', () => {
    for (const [status, type] of [
      [400, 'invalid_request_error'],
      [401, 'authentication_error'],
      [403, 'permission_error'],
      [404, 'not_found_error'],
      [413, 'request_too_large'],
      [429, 'rate_limit_error'],
      [500, 'api_error'],
    ] as const) {
      const error = decodeAnthropicError(
        status,
        JSON.stringify({ type: 'error', error: { type, message: 'm' } }),
        {},
      );
      expect([error.status, error.code]).toEqual([status, type]);
    }
  });

  it("falls back to the OpenAI reading for a relay's body and for HTML", () => {
    const relay = decodeAnthropicError(
      400,
      JSON.stringify({
        error: { message: 'bad key', type: 'invalid_request_error', param: null, code: 'x' },
      }),
      {},
    );
    expect(relay.message).toBe('bad key');
    expect(relay.code).toBe('x');
    const html = decodeAnthropicError(502, '<html><title>Bad Gateway</title></html>', {});
    expect(html.status).toBe(502);
    expect(html.message).toContain('Bad Gateway');
  });

  it('names the status when the body has no message', () => {
    const error = decodeAnthropicError(
      500,
      JSON.stringify({ type: 'error', error: { type: 'api_error' } }),
      {},
    );
    expect(error.message).toBe('The upstream answered 500.');
  });
});
