import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../shared/contract.ts';
import {
  appendPage,
  applyQueue,
  emptyQueue,
  enqueueLive,
  freshRows,
  LIVE_WINDOW,
  prependLive,
  windowOf,
  type LogWindow,
} from './log-window.ts';

const row = (id: number, patch: Partial<LogEntry> = {}): LogEntry =>
  ({
    id,
    requestId: `req-${id}`,
    startedAt: 1000 + id,
    client: 'editor',
    model: 'gpt-x',
    status: 200,
    errorKind: null,
    ...patch,
  }) as LogEntry;

/** Rows `from` down to `to`, newest first. */
const rows = (from: number, to: number): LogEntry[] =>
  Array.from({ length: from - to + 1 }, (_, i) => row(from - i));

const ids = (list: readonly LogEntry[]) => list.map((r) => r.id);

/** A window whose rows must not be read: the work stays with the batch. */
const untouchable = (newestId: number): LogWindow => ({
  newestId,
  rows: new Proxy([], {
    get() {
      throw new Error('the window was read');
    },
  }),
});

describe('freshRows', () => {
  it('keeps the matching rows the view does not hold', () => {
    const view = windowOf([row(2), row(1)]);
    const fresh = freshRows(view, [row(3), row(2), row(4, { status: 500 }), row(5)], {
      status: 'ok',
    });
    expect(ids(fresh)).toEqual([3, 5]);
  });

  it('takes a row above the newest id held as new without reading the window', () => {
    expect(ids(freshRows(untouchable(10), [row(11), row(12)], {}))).toEqual([11, 12]);
  });

  it('looks up a row at or below it, once a batch: a row that came with a page too', () => {
    const view = windowOf([row(9), row(7)]);
    // 8 was never held (or was cut from the window): it is shown; 9 is held already.
    expect(ids(freshRows(view, [row(9), row(8), row(10)], {}))).toEqual([8, 10]);
  });
});

describe('prependLive', () => {
  it('puts new rows on top, newest first, and keeps the same view when none came', () => {
    const view = windowOf([row(2), row(1)]);
    const next = prependLive(view, [row(3), row(5), row(4)]);
    expect(ids(next.rows)).toEqual([5, 4, 3, 2, 1]);
    expect(next.newestId).toBe(5);
    expect(prependLive(view, [])).toBe(view);
  });

  it('keeps at most the limit: the oldest rows go', () => {
    const next = prependLive(windowOf(rows(4, 1)), [row(6), row(5)], 5);
    expect(ids(next.rows)).toEqual([6, 5, 4, 3, 2]);
    expect(ids(prependLive(next, rows(20, 7), 5).rows)).toEqual([20, 19, 18, 17, 16]);
  });

  it('holds one window however many rows come, the newest of them', () => {
    // A page, then 100,000 live rows 200 at a time.
    let view = windowOf(rows(500, 1));
    for (let id = 501; id < 100_500; id += 200) {
      view = prependLive(view, freshRows(view, rows(id + 199, id), {}));
    }
    expect(view.rows).toHaveLength(LIVE_WINDOW);
    expect(view.rows[0]?.id).toBe(100_500);
    expect(view.rows.at(-1)?.id).toBe(100_500 - LIVE_WINDOW + 1);
    expect(view.newestId).toBe(100_500);
  });
});

describe('appendPage', () => {
  it('adds the older rows after the view, less those it holds (pages shift under live rows)', () => {
    const view = windowOf(rows(10, 6));
    const next = appendPage(view, rows(7, 3));
    expect(ids(next.rows)).toEqual([10, 9, 8, 7, 6, 5, 4, 3]);
    expect(appendPage(view, rows(8, 6))).toBe(view);
  });

  it('remembers a higher id that came with an older page (a long request written late)', () => {
    const next = appendPage(windowOf(rows(10, 6)), [row(12, { startedAt: 1 })]);
    expect(next.newestId).toBe(12);
    expect(ids(freshRows(next, [row(12), row(13)], {}))).toEqual([13]);
  });
});

describe('the live queue', () => {
  it('keeps the newest rows not shown yet, never much more than a window, counting the rest', () => {
    const queue = emptyQueue();
    for (let id = 1; id <= 100; id += 1) {
      enqueueLive(queue, [row(id)], 10);
      expect(queue.rows.length).toBeLessThanOrEqual(20);
      expect(queue.rows.length + queue.dropped).toBe(id);
    }
    expect(ids(queue.rows.slice(-10))).toEqual(Array.from({ length: 10 }, (_, i) => 91 + i));
  });

  it('goes on top of the view, each row once, and says how many came and whether rows went', () => {
    const view = windowOf(rows(10, 6));
    const small = applyQueue(view, enqueueLive(emptyQueue(), [row(10), row(11)]), {}, 8);
    expect(ids(small.view.rows)).toEqual([11, 10, 9, 8, 7, 6]);
    expect(small).toMatchObject({ added: 1, cut: false });

    const flood = enqueueLive(emptyQueue(), rows(40, 11).reverse(), 8);
    const next = applyQueue(view, flood, {}, 8);
    expect(ids(next.view.rows)).toEqual(ids(rows(40, 33)));
    expect(next).toMatchObject({ added: 30, cut: true });
  });
});
