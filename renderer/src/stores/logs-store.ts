import { create } from 'zustand';
import type { LogEntry, LogFilter } from '../../../shared/contract.ts';
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
  total: number;
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

let loadSeq = 0;
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
  total: 0,
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
    set({ status: 'loading', error: null, filter, missed: 0 });
    try {
      const page = await getApi().call('logs.search', { filter, limit: LOG_PAGE_SIZE, offset: 0 });
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
        total: page.total + merged.added,
        missed: shown ? 0 : merged.added,
        status: 'ready',
      });
      if (get().sort.column !== DEFAULT_LOG_SORT.column) void get().loadAll();
    } catch (error) {
      if (seq === loadSeq) {
        queue = emptyQueue();
        set({ status: 'error', error: errorMessage(error) });
      }
    }
  },

  async loadMore() {
    const { rows, filter, loadingMore, total, missed } = get();
    // The counted rows are newer than every row shown: the next page starts after them.
    const offset = rows.length + missed;
    if (loadingMore || offset >= total) return;
    const seq = loadSeq;
    const cut = cuts;
    set({ loadingMore: true });
    try {
      const page = await getApi().call('logs.search', { filter, limit: LOG_PAGE_SIZE, offset });
      // A reload, or live rows pushed the end out meanwhile: this page would leave a gap.
      if (seq !== loadSeq || cut !== cuts) return;
      const view = appendPage(viewOf(get()), page.rows);
      set({
        rows: view.rows,
        newestId: view.newestId,
        total: Math.max(page.total, get().total),
      });
    } catch (error) {
      set({ error: errorMessage(error) });
    } finally {
      set({ loadingMore: false });
    }
  },

  async loadAll() {
    const { sort } = get();
    if (sort.column === DEFAULT_LOG_SORT.column) return;
    while (get().status === 'ready' && get().rows.length < Math.min(get().total, SORT_ALL_LIMIT)) {
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
      if (added > 0) set({ missed: state.missed + added, total: state.total + added });
      return;
    }
    const next = applyQueue(view, queued, state.filter);
    if (next.added === 0) return;
    if (next.cut) cuts += 1;
    set({ rows: next.view.rows, newestId: next.view.newestId, total: state.total + next.added });
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
