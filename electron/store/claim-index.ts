import type { LimitCounter } from '../gateway/policy/limits.ts';

/**
 * Values by token, counter and window start, looked up on every limited request: nested maps
 * with the keys as they come, rather than one map of keys joined into a new string each time
 * (which, measured, was most of a check's cost).
 */
export class ClaimIndex<T> {
  private readonly byToken = new Map<string, Map<LimitCounter, Map<number, T>>>();
  private count = 0;

  get(tokenId: string, counter: LimitCounter, windowStart: number): T | undefined {
    return this.byToken.get(tokenId)?.get(counter)?.get(windowStart);
  }

  set(tokenId: string, counter: LimitCounter, windowStart: number, value: T): void {
    let counters = this.byToken.get(tokenId);
    if (!counters) {
      counters = new Map();
      this.byToken.set(tokenId, counters);
    }
    let windows = counters.get(counter);
    if (!windows) {
      windows = new Map();
      counters.set(counter, windows);
    }
    if (!windows.has(windowStart)) this.count += 1;
    windows.set(windowStart, value);
  }

  delete(tokenId: string, counter: LimitCounter, windowStart: number): void {
    const counters = this.byToken.get(tokenId);
    const windows = counters?.get(counter);
    if (!counters || !windows?.delete(windowStart)) return;
    this.count -= 1;
    if (windows.size === 0) counters.delete(counter);
    if (counters.size === 0) this.byToken.delete(tokenId);
  }

  get size(): number {
    return this.count;
  }

  *values(): IterableIterator<T> {
    for (const counters of this.byToken.values())
      for (const windows of counters.values()) yield* windows.values();
  }

  clear(): void {
    this.byToken.clear();
    this.count = 0;
  }
}
