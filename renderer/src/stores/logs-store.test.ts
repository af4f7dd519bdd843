import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogEntry } from '../../../shared/contract.ts';

const call = vi.fn();
vi.mock('../api/index.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  getApi: () => ({ call }),
}));

const { useLogsStore } = await import('./logs-store.ts');
const { DEFAULT_LOG_SORT } = await import('./log-sort.ts');
const { LIVE_WINDOW, LOG_PAGE_SIZE } = await import('./log-window.ts');

const row = (id: number): LogEntry =>
  ({ id, requestId: `req-${id}`, startedAt: 1000 + id, status: 200, errorKind: null }) as LogEntry;
/** Rows `from` down to `to`, newest first. */
const rows = (from: number, to: number): LogEntry[] =>
  Array.from({ length: Math.max(0, from - to + 1) }, (_, i) => row(from - i));
const ids = (list: readonly LogEntry[]) => list.map((r) => r.id);
const logs = () => useLogsStore.getState();
/** A batch of live rows, put on the table at once (rather than at the next tick of the throttle). */
const arrive = (entries: LogEntry[]) => {
  logs().onAppended(entries);
  logs().flushLive();
};

/** The app's log: ids 1..`newest`, pages newest first. */
function serve(newest: number) {
  call.mockImplementation((_method: string, params: { limit: number; offset: number }) =>
    Promise.resolve({
      rows: rows(newest - params.offset, Math.max(1, newest - params.offset - params.limit + 1)),
      total: newest,
    }),
  );
}

describe('the logs store’s live window', () => {
  beforeEach(async () => {
    call.mockReset();
    useLogsStore.setState({
      sort: DEFAULT_LOG_SORT,
      live: true,
      following: true,
      missed: 0,
      rows: [],
      newestId: 0,
      status: 'idle',
    });
    serve(600);
    await logs().load();
  });

  it('puts live rows on top and keeps only the newest window of them', () => {
    expect(logs().rows).toHaveLength(LOG_PAGE_SIZE);
    for (let id = 601; id <= 10_600; id += 200) arrive(rows(id + 199, id).reverse());
    expect(logs().rows).toHaveLength(LIVE_WINDOW);
    expect(logs().rows[0]?.id).toBe(10_600);
    expect(logs().total).toBe(10_600);
  });

  it('redraws the table a few times a second, not at every batch', async () => {
    vi.useFakeTimers();
    try {
      vi.advanceTimersByTime(1000);
      logs().onAppended([row(601)]);
      expect(logs().rows[0]?.id).toBe(601);
      logs().onAppended([row(602)]);
      logs().onAppended([row(603)]);
      expect(logs().rows[0]?.id).toBe(601);
      await vi.advanceTimersByTimeAsync(250);
      expect(ids(logs().rows.slice(0, 3))).toEqual([603, 602, 601]);
      expect(logs().total).toBe(603);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a row that came both with the page and as an event', () => {
    arrive([row(600), row(601)]);
    expect(ids(logs().rows.slice(0, 3))).toEqual([601, 600, 599]);
    expect(logs().total).toBe(601);
  });

  it('holds live rows while the table is scrolled away, and shows them back at the top', async () => {
    logs().setFollowing(false);
    const shown = logs().rows;
    arrive(rows(620, 601));
    expect(logs().rows).toBe(shown);
    expect(logs().missed).toBe(20);
    expect(logs().total).toBe(620);

    // The next page starts after the rows counted above the view.
    serve(620);
    await logs().loadMore();
    expect(call).toHaveBeenLastCalledWith('logs.search', {
      filter: {},
      limit: LOG_PAGE_SIZE,
      offset: LOG_PAGE_SIZE + 20,
    });
    expect(ids(logs().rows.slice(-2))).toEqual([2, 1]);

    logs().setFollowing(true);
    await vi.waitFor(() => expect(logs().status).toBe('ready'));
    expect(logs().missed).toBe(0);
    expect(logs().rows[0]?.id).toBe(620);
  });

  it('counts live rows, rather than sorting them in, under another sort', () => {
    useLogsStore.setState({ sort: { column: 'latency', desc: true } });
    const shown = logs().rows;
    arrive([row(601)]);
    expect(logs().rows).toBe(shown);
    expect(logs().missed).toBe(1);
  });

  it('merges the rows that came while a page loaded, once each', async () => {
    let answer: (page: { rows: LogEntry[]; total: number }) => void = () => {};
    call.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = logs().load();
    logs().onAppended([row(601), row(602)]);
    answer({ rows: rows(601, 102), total: 601 });
    await loading;
    expect(ids(logs().rows.slice(0, 3))).toEqual([602, 601, 600]);
    expect(logs().total).toBe(602);
  });

  it('drops a page asked for before live rows pushed the end of the window out', async () => {
    let answer: (page: { rows: LogEntry[]; total: number }) => void = () => {};
    call.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const more = logs().loadMore();
    arrive(rows(600 + LIVE_WINDOW, 601));
    answer({ rows: rows(100, 1), total: 600 + LIVE_WINDOW });
    await more;
    expect(logs().rows).toHaveLength(LIVE_WINDOW);
    expect(logs().rows.at(-1)?.id).toBe(601);
  });
});
