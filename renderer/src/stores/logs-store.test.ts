import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  LogCursor,
  LogEntry,
  LogFilter,
  LogSearchResult,
  LogTotal,
} from '../../../shared/contract.ts';

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

interface SearchParams {
  filter: LogFilter;
  limit: number;
  after?: LogCursor;
}

/** A page of `logs.search` as the app answers it. */
const answer = (
  list: LogEntry[],
  more: { next?: LogCursor | null; total?: LogTotal | null; searchedTo?: number | null } = {},
): LogSearchResult => ({
  rows: list,
  next: more.next ?? null,
  total: more.total ?? null,
  searchedTo: more.searchedTo ?? null,
});

const cursorOf = (entry: LogEntry): LogCursor => ({ startedAt: entry.startedAt, id: entry.id });

/** The app's log: ids 1..`newest`, pages newest first, each after the cursor it is given. */
function serve(newest: number) {
  call.mockImplementation((_method: string, params: SearchParams) => {
    const top = params.after ? params.after.id - 1 : newest;
    const page = rows(top, Math.max(1, top - params.limit + 1));
    const last = page.at(-1);
    return Promise.resolve(
      answer(page, {
        next: last && last.id > 1 ? cursorOf(last) : null,
        total: params.after ? null : { count: newest, atLeast: false },
      }),
    );
  });
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
      loadingMore: false,
    });
    serve(600);
    await logs().load();
  });

  it('puts live rows on top and keeps only the newest window of them', () => {
    expect(logs().rows).toHaveLength(LOG_PAGE_SIZE);
    for (let id = 601; id <= 10_600; id += 200) arrive(rows(id + 199, id).reverse());
    expect(logs().rows).toHaveLength(LIVE_WINDOW);
    expect(logs().rows[0]?.id).toBe(10_600);
    expect(logs().total).toEqual({ count: 10_600, atLeast: false });
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
      expect(logs().total?.count).toBe(603);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a row that came both with the page and as an event', () => {
    arrive([row(600), row(601)]);
    expect(ids(logs().rows.slice(0, 3))).toEqual([601, 600, 599]);
    expect(logs().total?.count).toBe(601);
  });

  it('holds live rows while the table is scrolled away, and shows them back at the top', async () => {
    logs().setFollowing(false);
    const shown = logs().rows;
    arrive(rows(620, 601));
    expect(logs().rows).toBe(shown);
    expect(logs().missed).toBe(20);
    expect(logs().total?.count).toBe(620);

    // The next page starts right after the last row held, whatever came on top.
    serve(620);
    await logs().loadMore();
    expect(call).toHaveBeenLastCalledWith('logs.search', {
      filter: {},
      limit: LOG_PAGE_SIZE,
      after: { startedAt: 1101, id: 101 },
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
    let resolve: (page: LogSearchResult) => void = () => {};
    call.mockReturnValue(new Promise((r) => (resolve = r)));
    const loading = logs().load();
    logs().onAppended([row(601), row(602)]);
    resolve(
      answer(rows(601, 102), { next: cursorOf(row(102)), total: { count: 601, atLeast: false } }),
    );
    await loading;
    expect(ids(logs().rows.slice(0, 3))).toEqual([602, 601, 600]);
    expect(logs().total?.count).toBe(602);
  });

  it('drops a page asked for before live rows pushed the end of the window out', async () => {
    let resolve: (page: LogSearchResult) => void = () => {};
    call.mockReturnValue(new Promise((r) => (resolve = r)));
    const more = logs().loadMore();
    arrive(rows(600 + LIVE_WINDOW, 601));
    resolve(answer(rows(100, 1)));
    await more;
    expect(logs().rows).toHaveLength(LIVE_WINDOW);
    expect(logs().rows.at(-1)?.id).toBe(601);
    // The next page starts after the last row the window kept.
    expect(logs().next).toEqual(cursorOf(row(601)));
  });
});

describe('the logs store’s search through windows of the log', () => {
  /** A log with one match every `every` rows below `top`, answered a window at a time. */
  function serveSparse(top: number, window: number, every: number, clockPerCall = 0) {
    call.mockImplementation((_method: string, params: SearchParams) => {
      vi.setSystemTime(Date.now() + clockPerCall);
      const from = params.after ? params.after.id - 1 : top;
      const edge = Math.max(1, from - window + 1);
      const found = rows(from, edge)
        .filter((r) => r.id % every === 0)
        .slice(0, params.limit);
      const full = found.length === params.limit;
      const last = found.at(-1);
      return Promise.resolve(
        answer(found, {
          next: full && last ? cursorOf(last) : edge > 1 ? cursorOf(row(edge)) : null,
          searchedTo: !full && edge > 1 ? row(edge).startedAt : null,
        }),
      );
    });
  }

  beforeEach(() => {
    call.mockReset();
    vi.useFakeTimers({ toFake: ['Date'] });
    useLogsStore.setState({
      sort: DEFAULT_LOG_SORT,
      rows: [],
      newestId: 0,
      status: 'idle',
      loadingMore: false,
      missed: 0,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('goes on by itself until it has another page of rows', async () => {
    serveSparse(100_000, 1000, 10);
    await logs().load();
    await vi.waitFor(() => expect(logs().loadingMore).toBe(false));
    // 100 matches a window: the first call, then five for a page more.
    expect(call).toHaveBeenCalledTimes(6);
    expect(logs().rows).toHaveLength(LOG_PAGE_SIZE + 100);
    expect(ids(logs().rows.slice(0, 2))).toEqual([100_000, 99_990]);
    expect(logs().searchedTo).toBe(row(94_001).startedAt);
    expect(logs().total).toBeNull();
  });

  it('stops when a round has searched long enough, and goes on when asked', async () => {
    // Rare matches, and each call takes 400 ms of the clock.
    serveSparse(100_000, 1000, 7000, 400);
    await logs().load();
    await vi.waitFor(() => expect(logs().loadingMore).toBe(false));
    const calls = call.mock.calls.length;
    expect(calls).toBeLessThan(10);
    expect(logs().searchedTo).toBe(row(100_000 - calls * 1000 + 1).startedAt);
    expect(logs().next).not.toBeNull();

    await logs().loadMore();
    expect(call.mock.calls.length).toBeGreaterThan(calls);
    expect(call).toHaveBeenLastCalledWith('logs.search', {
      filter: {},
      limit: LOG_PAGE_SIZE,
      after: expect.objectContaining({ id: expect.any(Number) }),
    });
    expect(ids(logs().rows)).toEqual(
      rows(100_000, 1)
        .filter((r) => r.id % 7000 === 0)
        .map((r) => r.id)
        .slice(0, logs().rows.length),
    );
  });

  it('knows the total once it has reached the end of the log', async () => {
    serveSparse(3000, 1000, 100);
    await logs().load();
    await vi.waitFor(() => expect(logs().loadingMore).toBe(false));
    expect(logs().next).toBeNull();
    expect(logs().searchedTo).toBeNull();
    expect(logs().total).toEqual({ count: 30, atLeast: false });
  });
});
