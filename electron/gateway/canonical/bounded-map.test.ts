import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.ts';

describe('BoundedMap', () => {
  it('forgets the least recently set entry past its limit', () => {
    const map = new BoundedMap<number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 3);
    map.set('c', 4);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(3);
    expect(map.get('c')).toBe(4);
    expect(map.size).toBe(2);
  });
});
