import { create } from 'zustand';
import type { LogCursor, LogEntry, LogFilter, LogTotal } from '../../../shared/contract.ts';
import { errorMessage, getApi } from '../api/index.ts';
import type { LoadStatus } from './load-status.ts';
import { EMPTY_LOG_FORM, matchesLogFilter, toLogFilter, type LogFilterForm } from './log-filter.ts';
import { DEFAULT_LOG_SORT, type LogSort } from './log-sort.ts';
import { restoreLogView, saveLogView } from './log-view-storage.ts';
import {
  appendPage,
  applyQueue,
  emptyQueue,
  enqueueLive,
  freshRows,
  LOG_PAGE_SIZE,
  windowOf,
  type LogWindow,
} from './log-window.ts';

/** Sorting by another column than time loads this many rows at most, to sort them all. */
const SORT_ALL_LIMIT = 10_000;
/**
 * A search the log answers only a window of rows at a time (a text search, some combinations)
 * goes on by itself until it has a page of rows or has searched this long, then waits for
 * "Search older": each call takes milliseconds, but a rare word in a big log takes hundreds of
 * them, which nobody should pay for by typing a letter.
 */
const SEARCH_ROUND_MS = 1500;
/**
 * Live rows reach the table at most this often: the log writer sends a batch every 25 ms under
 * load, and redrawing the table for each would keep the window busy for nothing a person reads.
 */
const LIVE_EVERY_MS = 200;

interface LogsState {
  form: LogFilterForm;
  sort: LogSort;
  /** The filter the rows were loaded with (time presets resolved at load time). */
  filter: LogFilter;
  /** Newest first; live rows keep at most `LIVE_WINDOW` of them (see log-window.ts). */
  rows: LogEntry[];
  /** The highest row id ever held (see `LogWindow`). */
  newestId: number;
  /** Matching requests, as far as they were counted; null when unknown (see `LogSearchResult`). */
  total: LogTotal | null;
  /** Where the rows after the last one held start; null when no older one matches. */
  next: LogCursor | null;
  /**
   * The last search stopped short of a page at this time: older requests are not searched yet,
   * and the table waits for "Search older" rather than going on as it scrolls.
   */
  searchedTo: number | null;
  status: LoadStatus;
  error: string | null;
  loadingMore: boolean;
  /** Paused (off), live rows are only counted, so reading is not disturbed. */
  live: boolean;
  /**
   * The table is scrolled to its top (or not shown). Live rows go on top only then, newest
   * first, and live: otherwise they would move the rows being read, so they are only counted.
   */
  following: boolean;
  /** Matching rows that came while they were only counted: newer than every row shown. */
  missed: number;
  selectedRequestId: string | null;
  setForm(patch: Partial<LogFilterForm>): void;
  resetForm(): void;
  setSort(sort: LogSort): void;
  load(): Promise<void>;
  /** Older rows: calls until a page of them came, none is left, or a round's time is up. */
  loadMore(): Promise<void>;
  /** Loads the rest of the matching rows (up to a limit), so a sort covers them all. */
  loadAll(): Promise<void>;
  onAppended(entries: LogEntry[]): void;
  /** Puts the queued live rows on the table now (`onAppended` has it done a few times a second). */
  flushLive(): void;
  setLive(live: boolean): void;
  setFollowing(following: boolean): void;
  /** Shows the rows that were only counted: the newest page again, with them. */
  showNew(): void;
  select(requestId: string | null): void;
}

/** Live rows go on top of the table (rather than being counted) in this state. */
const showsLive = (s: Pick<LogsState, 'live' | 'following' | 'sort'>): boolean =>
  s.live &&
  s.following &&
  s.sort.column === DEFAULT_LOG_SORT.column &&
  s.sort.desc === DEFAULT_LOG_SORT.desc;

const viewOf = (s: Pick<LogsState, 'rows' | 'newestId'>): LogWindow => ({
  rows: s.rows,
  newestId: s.newestId,
});

/** New matching rows counted in; a count past the cap stays the round "10,000+" it was. */
const plus = (total: LogTotal | null, added: number): LogTotal | null =>
  total && !total.atLeast && added > 0 ? { ...total, count: total.count + added } : total;

/** Live rows pushed the oldest out of the view: the next page starts after its new last row. */
function afterCut(view: LogWindow): Pick<LogsState, 'next' | 'searchedTo'> {
  const last = view.rows.at(-1);
  return { next: last ? { startedAt: last.startedAt, id: last.id } : null, searchedTo: null };
}

let loadSeq = 0;
/** The load whose older rows a round of `loadMore` is fetching, if one is. */
let roundOf: number | null = null;
/** Bumped when live rows push old ones out: a page asked for before then no longer follows. */
let cuts = 0;
/** Matching live rows not on the table yet (a page from the top that is loading takes them). */
let queue = emptyQueue();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let lastFlush = -Infinity;

// Filters and sort outlive the page and a reload of the window (not the session).
const saved = restoreLogView();

export const useLogsStore = create<LogsState>()((set, get) => ({
  form: saved?.form ?? EMPTY_LOG_FORM,
  sort: saved?.sort ?? DEFAULT_LOG_SORT,
  filter: {},
  rows: [],
  newestId: 0,
  total: null,
  next: null,
  searchedTo: null,
  status: 'idle',
  error: null,
  loadingMore: false,
  live: true,
  following: true,
  missed: 0,
  selectedRequestId: null,

  setForm(patch) {
    set({ form: { ...get().form, ...patch } });
    saveLogView(get().form, get().sort);
    void get().load();
  },

  resetForm() {
    set({ form: EMPTY_LOG_FORM });
    saveLogView(get().form, get().sort);
    void get().load();
  },

  setSort(sort) {
    set({ sort });
    saveLogView(get().form, sort);
    // Newest first again, at the top: the rows counted while sorted otherwise show.
    if (showsLive(get()) && get().missed > 0) void get().load();
    else void get().loadAll();
  },

  async load() {
    const seq = ++loadSeq;
    // Rows queued so far were written before the page is read: it has them.
    queue = emptyQueue();
    const filter = toLogFilter(get().form, Date.now());
    set({ status: 'loading', error: null, filter, missed: 0, loadingMore: false });
    try {
      const page = await getApi().call('logs.search', { filter, limit: LOG_PAGE_SIZE });
      if (seq !== loadSeq) return;
      // Rows written after the page was read came as events meanwhile; some came with it too.
      const queued = queue;
      queue = emptyQueue();
      const first = windowOf(page.rows);
      const merged = applyQueue(first, queued, filter);
      // Held (paused, scrolled away, another sort), they are only counted.
      const shown = showsLive(get());
      const view = shown ? merged.view : first;
      set({
        rows: view.rows,
        newestId: view.newestId,
        total: plus(page.total, merged.added),
        next: page.next,
        searchedTo: page.searchedTo,
        ...(shown && merged.cut ? afterCut(view) : {}),
        missed: shown ? 0 : merged.added,
        status: 'ready',
      });
      if (get().sort.column !== DEFAULT_LOG_SORT.column) void get().loadAll();
      // The call looked at a window of the log and found less than a page: search on.
      else if (page.searchedTo !== null) void get().loadMore();
    } catch (error) {
      if (seq === loadSeq) {
        queue = emptyQueue();
        set({ status: 'error', error: errorMessage(error) });
      }
    }
  },

  async loadMore() {
    const seq = loadSeq;
    if (roundOf === seq || get().next === null || get().status !== 'ready') return;
    roundOf = seq;
    const cut = cuts;
    const started = Date.now();
    const before = get().rows.length;
    set({ loadingMore: true });
    try {
      for (;;) {
        const { filter, next } = get();
        if (next === null) break;
        const page = await getApi().call('logs.search', {
          filter,
          limit: LOG_PAGE_SIZE,
          after: next,
        });
        // A reload, or live rows pushed the end out meanwhile: this page would leave a gap.
        if (seq !== loadSeq || cut !== cuts) return;
        const view = appendPage(viewOf(get()), page.rows);
        const { total, missed } = get();
        set({
          rows: view.rows,
          newestId: view.newestId,
          next: page.next,
          searchedTo: page.searchedTo,
          // At the end, every match is held or was counted on top.
          total:
            page.next === null && (total === null || total.atLeast)
              ? { count: view.rows.length + missed, atLeast: false }
              : total,
        });
        if (
          page.searchedTo === null ||
          view.rows.length - before >= LOG_PAGE_SIZE ||
          Date.now() - started >= SEARCH_ROUND_MS
        )
          break;
      }
    } catch (error) {
      if (seq === loadSeq) set({ error: errorMessage(error) });
    } finally {
      if (roundOf === seq) {
        roundOf = null;
        set({ loadingMore: false });
      }
    }
  },

  async loadAll() {
    const { sort } = get();
    if (sort.column === DEFAULT_LOG_SORT.column) return;
    while (get().status === 'ready' && get().next !== null && get().rows.length < SORT_ALL_LIMIT) {
      const before = get().rows.length;
      await get().loadMore();
      if (get().rows.length === before) return;
    }
  },

  onAppended(entries) {
    const { status, filter } = get();
    if (status !== 'ready' && status !== 'loading') return;
    enqueueLive(
      queue,
      entries.filter((entry) => matchesLogFilter(entry, filter)),
    );
    // Loading, the page takes them when it comes.
    if (status === 'loading' || flushTimer !== undefined) return;
    const wait = lastFlush + LIVE_EVERY_MS - Date.now();
    if (wait <= 0) get().flushLive();
    else flushTimer = setTimeout(() => get().flushLive(), wait);
  },

  flushLive() {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const state = get();
    if (state.status !== 'ready' || (queue.rows.length === 0 && queue.dropped === 0)) return;
    lastFlush = Date.now();
    const queued = queue;
    queue = emptyQueue();
    const view = viewOf(state);
    if (!showsLive(state)) {
      const added = freshRows(view, queued.rows, state.filter).length + queued.dropped;
      if (added > 0) set({ missed: state.missed + added, total: plus(state.total, added) });
      return;
    }
    const next = applyQueue(view, queued, state.filter);
    if (next.added === 0) return;
    if (next.cut) cuts += 1;
    set({
      rows: next.view.rows,
      newestId: next.view.newestId,
      total: plus(state.total, next.added),
      ...(next.cut ? afterCut(next.view) : {}),
    });
  },

  setLive(live) {
    set({ live });
    if (showsLive(get()) && get().missed > 0) void get().load();
  },

  setFollowing(following) {
    if (following === get().following) return;
    set({ following });
    // Back at the top: what came meanwhile shows, as if it had come now.
    if (showsLive(get()) && get().missed > 0) void get().load();
  },

  showNew() {
    set({ following: true });
    void get().load();
  },

  select: (selectedRequestId) => set({ selectedRequestId }),
}));
