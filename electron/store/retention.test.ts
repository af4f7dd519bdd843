import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRUNE_BATCH_ROWS, pruneLog, startRetention } from './retention.ts';
import { sampleRecord } from '../../test/doubles/store/sample-record.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';

const DAY = 86_400_000;

describe('retention', () => {
  let temp: TempStore;
  const remaining = (): string[] =>
    temp.store.requestLog
      .searchLog({}, { limit: 100 })
      .rows.map((r) => r.requestId)
      .sort();

  beforeEach(() => {
    temp = openTempStore();
    const now = temp.clock.now;
    // Ten rows, one a day: r0 is nine days old, r9 is from now.
    for (let i = 0; i < 10; i += 1) {
      temp.store.logWriter.enqueue(
        sampleRecord({ requestId: `r${i}`, startedAt: now - (9 - i) * DAY }),
      );
    }
    temp.store.logWriter.flush();
  });
  afterEach(() => temp.dispose());

  it('deletes rows older than maxAgeDays', () => {
    expect(pruneLog(temp.store, { maxAgeDays: 3.5 })).toBe(6);
    expect(remaining()).toEqual(['r6', 'r7', 'r8', 'r9']);
  });

  it('deletes the oldest rows beyond maxRows', () => {
    expect(pruneLog(temp.store, { maxRows: 3 })).toBe(7);
    expect(remaining()).toEqual(['r7', 'r8', 'r9']);
  });

  it('applies both limits, and the tighter one wins', () => {
    expect(pruneLog(temp.store, { maxAgeDays: 1.5, maxRows: 5 })).toBe(8);
    expect(remaining()).toEqual(['r8', 'r9']);
  });

  it('deletes nothing without limits, or within them', () => {
    expect(pruneLog(temp.store, {})).toBe(0);
    expect(pruneLog(temp.store, { maxRows: 100, maxAgeDays: 30 })).toBe(0);
    expect(remaining()).toHaveLength(10);
  });

  it('counts records still queued against the cap', () => {
    temp.store.logWriter.enqueue(sampleRecord({ requestId: 'r10', startedAt: temp.clock.now }));
    expect(pruneLog(temp.store, { maxRows: 2 })).toBe(9);
    expect(remaining()).toEqual(['r10', 'r9']);
  });

  it('prunes in the background and stops when told', async () => {
    const pruned: number[] = [];
    const stop = startRetention(temp.store, {
      maxRows: 8,
      intervalMs: 20,
      onPruned: (n) => pruned.push(n),
    });
    await vi.waitFor(() => expect(pruned).toEqual([2]));
    stop();
    for (let i = 0; i < 3; i += 1) {
      temp.store.logWriter.enqueue(sampleRecord({ startedAt: temp.clock.now }));
    }
    temp.store.logWriter.flush();
    await sleep(60);
    expect(remaining()).toHaveLength(11);
  });

  it('keeps pruning on its interval, and stops by itself when the store closes', async () => {
    const errors: unknown[] = [];
    const pruned: number[] = [];
    startRetention(temp.store, {
      maxRows: 10,
      intervalMs: 15,
      onPruned: (n) => pruned.push(n),
      onError: (e) => errors.push(e),
    });
    await sleep(5);
    temp.store.logWriter.enqueue(sampleRecord({ startedAt: temp.clock.now }));
    temp.store.logWriter.flush();
    await vi.waitFor(() => expect(pruned).toEqual([1]));
    temp.store.close();
    await sleep(40);
    expect(errors).toEqual([]);
  });

  it('deletes a backlog a batch at a time, with the event loop free between batches', async () => {
    const old = temp.clock.now - 30 * DAY;
    const backlog = PRUNE_BATCH_ROWS * 2 + 500;
    for (let i = 0; i < backlog; i += 1)
      temp.store.logWriter.enqueue(sampleRecord({ requestId: `old${i}`, startedAt: old + i }));
    temp.store.logWriter.flush();
    // Other work (a request, a stream's chunk) queued on the loop while pruning runs.
    let turns = 0;
    let done = false;
    const tick = (): void => {
      turns += 1;
      if (!done) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const pruned: number[] = [];
    let turnsWhenDone = 0;
    const stop = startRetention(temp.store, {
      maxAgeDays: 3.5,
      intervalMs: 60_000,
      onPruned: (n) => {
        pruned.push(n);
        turnsWhenDone = turns;
      },
    });
    await vi.waitFor(() => expect(pruned).toEqual([backlog + 6]));
    done = true;
    stop();
    expect(remaining()).toEqual(['r6', 'r7', 'r8', 'r9']);
    // The other work ran between the batches (three at least), not only after the last: in one
    // statement, the run would have started and ended within one turn.
    expect(turnsWhenDone).toBeGreaterThanOrEqual(3);
  });

  it('keeps rows written while a run is deleting, under the cap it planned', () => {
    const kept = pruneLog(temp.store, { maxRows: 4 });
    expect(kept).toBe(6);
    temp.store.logWriter.enqueue(sampleRecord({ requestId: 'r10', startedAt: temp.clock.now }));
    expect(pruneLog(temp.store, { maxRows: 4 })).toBe(1);
    expect(remaining()).toEqual(['r10', 'r7', 'r8', 'r9']);
  });
});
