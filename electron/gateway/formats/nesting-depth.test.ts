import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './nesting-depth.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects alike, scalars as nothing', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true);
  });

  it('walks a value far deeper than the stack allows without overflowing', () => {
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)) as unknown;
    expect(nestsDeeperThan(deep, 256)).toBe(true);
  });
});
