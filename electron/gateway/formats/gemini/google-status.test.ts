import { describe, expect, it } from 'vitest';
import { googleStatusName } from './google-status.ts';

describe('googleStatusName', () => {
  it('names the statuses', () => {
    expect(googleStatusName(400)).toBe('INVALID_ARGUMENT');
    expect(googleStatusName(401)).toBe('UNAUTHENTICATED');
    expect(googleStatusName(403)).toBe('PERMISSION_DENIED');
    expect(googleStatusName(404)).toBe('NOT_FOUND');
    expect(googleStatusName(429)).toBe('RESOURCE_EXHAUSTED');
    expect(googleStatusName(503)).toBe('UNAVAILABLE');
    expect(googleStatusName(504)).toBe('DEADLINE_EXCEEDED');
  });

  it('falls back by class', () => {
    expect(googleStatusName(502)).toBe('INTERNAL');
    expect(googleStatusName(418)).toBe('INVALID_ARGUMENT');
  });
});
