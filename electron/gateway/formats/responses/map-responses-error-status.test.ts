import { describe, expect, it } from 'vitest';
import { statusOfResponsesError } from './map-responses-error-status.ts';

describe('in-stream error code → HTTP status', () => {
  it.each([
    ['rate_limit_exceeded', undefined, 429],
    ['insufficient_quota', 'insufficient_quota', 429],
    ['server_error', undefined, 500],
    ['invalid_prompt', undefined, 400],
    ['invalid_image_url', undefined, 400],
    ['image_too_large', undefined, 400],
    [undefined, 'server_error', 500],
    [undefined, 'invalid_request_error', 400],
    [undefined, undefined, 500],
    ['something_new', undefined, 500],
  ])('code %s, type %s → %i', (code, type, status) => {
    expect(statusOfResponsesError(code, type)).toBe(status);
  });
});
