import { describe, expect, it } from 'vitest';
import { ClaimIndex } from './claim-index.ts';

describe('ClaimIndex', () => {
  it('keeps a value per token, counter and window, and counts them', () => {
    const index = new ClaimIndex<string>();
    index.set('tok_a', 'usd', 100, 'a-usd-100');
    index.set('tok_a', 'usd', 200, 'a-usd-200');
    index.set('tok_a', 'requests', 100, 'a-req-100');
    index.set('tok_b', 'usd', 100, 'b-usd-100');
    index.set('tok_b', 'usd', 100, 'b-usd-100 again');
    expect(index.size).toBe(4);
    expect(index.get('tok_a', 'usd', 200)).toBe('a-usd-200');
    expect(index.get('tok_b', 'usd', 100)).toBe('b-usd-100 again');
    expect(index.get('tok_b', 'tokens', 100)).toBeUndefined();
    index.delete('tok_a', 'usd', 100);
    index.delete('tok_a', 'usd', 999);
    expect(index.size).toBe(3);
    expect([...index.values()].sort()).toEqual(['a-req-100', 'a-usd-200', 'b-usd-100 again']);
    index.clear();
    expect(index.size).toBe(0);
    expect([...index.values()]).toEqual([]);
  });
});
