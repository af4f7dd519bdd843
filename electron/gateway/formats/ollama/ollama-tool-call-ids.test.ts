import { describe, expect, it } from 'vitest';
import { ollamaCallId, OllamaPendingCalls } from './ollama-tool-call-ids.ts';

describe('ollamaCallId', () => {
  it('is the same for the same place, different for others', () => {
    expect(ollamaCallId(1, 0)).toBe(ollamaCallId(1, 0));
    expect(ollamaCallId(1, 0)).not.toBe(ollamaCallId(1, 1));
    expect(ollamaCallId(1, 0)).not.toBe(ollamaCallId(3, 0));
  });
});

describe('OllamaPendingCalls', () => {
  const calls = () => {
    const pending = new OllamaPendingCalls();
    pending.add('a', 'weather');
    pending.add('b', 'time');
    pending.add('c', 'weather');
    return pending;
  };

  it('matches by id first', () => {
    expect(calls().answer('c', 'ignored')).toEqual({ id: 'c', name: 'weather' });
  });

  it('matches the k-th result named X to the k-th call named X', () => {
    const pending = calls();
    expect(pending.answer(undefined, 'weather')?.id).toBe('a');
    expect(pending.answer(undefined, 'weather')?.id).toBe('c');
    expect(pending.answer(undefined, 'weather')).toBeUndefined();
    expect(pending.answer(undefined, 'time')?.id).toBe('b');
  });

  it('matches unnamed results in order, skipping answered calls', () => {
    const pending = calls();
    expect(pending.answer(undefined, 'time')?.id).toBe('b');
    expect(pending.answer(undefined, undefined)?.id).toBe('a');
    expect(pending.answer(undefined, undefined)?.id).toBe('c');
    expect(pending.answer(undefined, undefined)).toBeUndefined();
  });

  it('answers an older turn’s call by id after a reset, not by name', () => {
    const pending = calls();
    pending.reset();
    pending.add('d', 'search');
    expect(pending.answer('a', undefined)).toEqual({ id: 'a', name: 'weather' });
    expect(pending.answer(undefined, 'weather')).toBeUndefined();
    expect(pending.answer('zzz', undefined)).toBeUndefined();
  });
});
