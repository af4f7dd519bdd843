import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from './toast-store.ts';

describe('the toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('go by themselves; notices with an action stay long enough to be used', () => {
    toast.success('Saved');
    toast.info('A route fell back', { action: { label: 'Open', run: () => {} } });
    vi.advanceTimersByTime(3_000);
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual(['A route fell back']);
    vi.advanceTimersByTime(12_000);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('stay while pointed at or focused, then get their full time again', () => {
    toast.warning('Budget at 80 %');
    const id = useToastStore.getState().toasts[0]!.id;
    useToastStore.getState().hold(id);
    vi.advanceTimersByTime(60_000);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    useToastStore.getState().release(id);
    vi.advanceTimersByTime(7_999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('keep the four newest', () => {
    for (let i = 0; i < 6; i += 1) toast.info(`n${i}`);
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual(['n2', 'n3', 'n4', 'n5']);
  });
});
