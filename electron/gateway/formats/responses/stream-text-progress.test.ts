import { describe, expect, it } from 'vitest';
import { createTextProgress } from './stream-text-progress.ts';

describe('text progress', () => {
  it('gives the tail a `.done` adds to what the deltas brought, once', () => {
    const progress = createTextProgress();
    progress.add('k', 'Hel');
    expect(progress.rest('k', 'Hello')).toBe('lo');
    expect(progress.rest('k', 'Hello')).toBe('');
  });

  it('gives everything for a slot no delta reached, and nothing when the texts disagree', () => {
    const progress = createTextProgress();
    expect(progress.has('a')).toBe(false);
    expect(progress.rest('a', 'whole')).toBe('whole');
    expect(progress.has('a')).toBe(true);
    progress.add('b', 'abc');
    expect(progress.rest('b', 'xyz-longer')).toBe('');
  });
});
