import { describe, expect, it } from 'vitest';
import { naturalCompare } from './natural-order.ts';

describe('naturalCompare', () => {
  it('orders the numbers in names as numbers', () => {
    const ids = ['model-10', 'model-2', 'model-1', 'vendor-10', 'vendor-9', 'model-100'];
    expect(ids.sort(naturalCompare)).toEqual([
      'model-1',
      'model-2',
      'model-10',
      'model-100',
      'vendor-9',
      'vendor-10',
    ]);
  });

  it('ignores case, and keeps a name before the longer names it starts', () => {
    expect(['sim-gemini-chat', 'Sim-Chat', 'sim-gemini'].sort(naturalCompare)).toEqual([
      'Sim-Chat',
      'sim-gemini',
      'sim-gemini-chat',
    ]);
  });
});
