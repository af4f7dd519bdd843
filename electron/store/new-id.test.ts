import { describe, expect, it } from 'vitest';
import { newId } from './new-id.ts';

describe('newId', () => {
  it('carries the prefix and 96 random bits in URL-safe characters', () => {
    const id = newId('conv');
    expect(id).toMatch(/^conv_[A-Za-z0-9_-]{16}$/);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId('x')));
    expect(ids.size).toBe(1000);
  });
});
