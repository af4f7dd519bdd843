import { describe, expect, it } from 'vitest';
import { clip } from './clip.ts';

describe('clip', () => {
  it('keeps short text and cuts long text, saying how long it was', () => {
    expect(clip('sim-chat')).toBe('sim-chat');
    expect(clip('m'.repeat(1000), 10)).toBe('mmmmmmmmmm… (1000 characters)');
  });
});
