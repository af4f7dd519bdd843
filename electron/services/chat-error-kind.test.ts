import { describe, expect, it } from 'vitest';
import { chatErrorKind } from './chat-error-kind.ts';

describe('chatErrorKind', () => {
  it('names the failure by the gateway’s code first', () => {
    expect(chatErrorKind({ codes: ['gateway_unreachable'], status: null })).toBe('gateway_down');
    expect(chatErrorKind({ codes: ['upstream_key_missing'], status: 503 })).toBe('no_key');
    expect(chatErrorKind({ codes: ['upstream_key_rejected'], status: 401 })).toBe('key_rejected');
    expect(chatErrorKind({ codes: ['upstream_unreachable'], status: 502 })).toBe('unreachable');
    expect(chatErrorKind({ codes: ['upstream_timeout'], status: 504 })).toBe('unreachable');
    expect(chatErrorKind({ codes: ['unsupported_endpoint'], status: 404 })).toBe(
      'model_cannot_chat',
    );
    expect(chatErrorKind({ codes: ['answer_cut_off'], status: null })).toBe('upstream_error');
  });

  it('reads on past codes it does not know (an upstream’s own) to one it does', () => {
    expect(
      chatErrorKind({ codes: ['insufficient_user_quota', 'insufficient_quota'], status: 403 }),
    ).toBe('account_limit');
    expect(chatErrorKind({ codes: ['whatever', null, 'rate_limit_exceeded'], status: 400 })).toBe(
      'rate_limited',
    );
  });

  it('falls back on the status: 429 a rate limit, 5xx a server error, other 4xx the model’s', () => {
    expect(chatErrorKind({ codes: ['upstream_error'], status: 429 })).toBe('rate_limited');
    expect(chatErrorKind({ codes: ['upstream_error'], status: 503 })).toBe('upstream_error');
    expect(chatErrorKind({ codes: ['upstream_error'], status: 400 })).toBe('model_error');
    expect(chatErrorKind({ codes: [], status: 422 })).toBe('model_error');
  });

  it('without a status: a generic upstream error, else the model’s own', () => {
    expect(chatErrorKind({ codes: ['upstream_error'], status: null })).toBe('upstream_error');
    expect(chatErrorKind({ codes: ['content_filter'], status: null })).toBe('model_error');
    expect(chatErrorKind({ codes: [], status: null })).toBe('model_error');
  });
});
