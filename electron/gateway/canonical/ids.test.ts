import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('gives the prefix and 24 hex digits', () => {
    expect(newId('resp_')).toMatch(/^resp_[0-9a-f]{24}$/);
  });

  it('never repeats, across many refills of its entropy pool', () => {
    const ids = Array.from({ length: 5_000 }, () => newId('req_'));
    expect(new Set(ids).size).toBe(ids.length);
    // Ids drawn from consecutive pool slices must not share their random part.
    expect(new Set(ids.map((id) => id.slice(4, 12))).size).toBeGreaterThan(4_990);
  });
});
