import { describe, expect, it } from 'vitest';
import { defaultModelFor } from './default-model.ts';

const model = (
  id: string,
  created: number,
  formats: ('chat' | 'responses' | 'gemini' | 'anthropic')[],
) => ({
  id,
  created,
  formats,
});

describe('defaultModelFor', () => {
  const catalog = [
    model('old-chat', 1, ['chat']),
    model('new-chat', 5, ['chat', 'responses']),
    model('newest-gemini', 9, ['gemini']),
    model('embed', 10, []),
  ];

  it('takes the newest model served in the tool’s own format', () => {
    expect(defaultModelFor('chat', catalog)).toEqual({ id: 'new-chat', native: true });
    expect(defaultModelFor('responses', catalog)).toEqual({ id: 'new-chat', native: true });
    expect(defaultModelFor('gemini', catalog)).toEqual({ id: 'newest-gemini', native: true });
  });

  it('falls back to the newest model it can translate to, never to one that cannot generate', () => {
    expect(defaultModelFor('anthropic', catalog)).toEqual({ id: 'newest-gemini', native: false });
    expect(defaultModelFor('chat', [model('embed', 10, [])])).toBeNull();
  });

  it('breaks a tie of dates by id, so the choice does not depend on the catalog’s order', () => {
    const tied = [model('b', 1, ['chat']), model('a', 1, ['chat'])];
    expect(defaultModelFor('chat', tied)?.id).toBe('a');
    expect(defaultModelFor('chat', [...tied].reverse())?.id).toBe('a');
  });
});
