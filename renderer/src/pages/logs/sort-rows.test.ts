import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../../shared/contract.ts';
import { DEFAULT_LOG_SORT } from '../../stores/log-sort.ts';
import { sortLogRows } from './sort-rows.ts';

const row = (id: number, patch: Partial<LogEntry>): LogEntry =>
  ({ id, startedAt: id, client: null, costUsd: null, latencyMs: 0, ...patch }) as LogEntry;

describe('sortLogRows', () => {
  const rows = [
    row(1, { latencyMs: 30, client: 'b', costUsd: 0.2 }),
    row(2, { latencyMs: 10, client: null, costUsd: null }),
    row(3, { latencyMs: 20, client: 'A', costUsd: 0.1 }),
  ];
  const ids = (sorted: LogEntry[]) => sorted.map((r) => r.id);

  it('sorts numbers both ways', () => {
    expect(ids(sortLogRows(rows, { column: 'latency', desc: false }))).toEqual([2, 3, 1]);
    expect(ids(sortLogRows(rows, { column: 'latency', desc: true }))).toEqual([1, 3, 2]);
  });

  it('keeps missing values last in either direction', () => {
    expect(ids(sortLogRows(rows, { column: 'cost', desc: true }))).toEqual([1, 3, 2]);
    expect(ids(sortLogRows(rows, { column: 'client', desc: false }))).toEqual([3, 1, 2]);
  });

  it('leaves the app’s newest-first order alone by default', () => {
    expect(sortLogRows(rows, DEFAULT_LOG_SORT)).toBe(rows);
  });
});
