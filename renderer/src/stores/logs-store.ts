import { create } from 'zustand';
import type { LogEntry, LogFilter } from '../../../shared/contract.ts';
import { errorMessage, getApi } from '../api/index.ts';
import type { LoadStatus } from './load-status.ts';
import { EMPTY_LOG_FORM, prependRows, toLogFilter, type LogFilterForm } from './log-filter.ts';
import { DEFAULT_LOG_SORT, type LogSort } from './log-sort.ts';
import { restoreLogView, saveLogView } from './log-view-storage.ts';

/** Rows per request: more scroll in as the end of the table comes into view. */
const LOG_PAGE_SIZE = 500;
/** Sorting by another column than time loads this many rows at most, to sort them all. */
const SORT_ALL_LIMIT = 10_000;

interface LogsState {
  form: LogFilterForm;
  sort: LogSort;
  /** The filter the rows were loaded with (time presets resolved at load time). */
  filter: LogFilter;
  rows: LogEntry[];
  total: number;
  status: LoadStatus;
  error: string | null;
  loadingMore: boolean;
  /** Live rows are prepended; paused, they are only counted so reading is not disturbed. */
  live: boolean;
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
  setLive(live: boolean): void;
  select(requestId: string | null): void;
}

let loadSeq = 0;

// Filters and sort outlive the page and a reload of the window (not the session).
const saved = restoreLogView();

export const useLogsStore = create<LogsState>()((set, get) => ({
  form: saved?.form ?? EMPTY_LOG_FORM,
  sort: saved?.sort ?? DEFAULT_LOG_SORT,
  filter: {},
  rows: [],
  total: 0,
  status: 'idle',
  error: null,
  loadingMore: false,
  live: true,
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
    void get().loadAll();
  },

  async load() {
    const seq = ++loadSeq;
    const filter = toLogFilter(get().form, Date.now());
    set({ status: 'loading', error: null, filter, missed: 0 });
    try {
      const page = await getApi().call('logs.search', { filter, limit: LOG_PAGE_SIZE, offset: 0 });
      if (seq !== loadSeq) return;
      set({ rows: page.rows, total: page.total, status: 'ready' });
      if (get().sort.column !== DEFAULT_LOG_SORT.column) void get().loadAll();
    } catch (error) {
      if (seq === loadSeq) set({ status: 'error', error: errorMessage(error) });
    }
  },

  async loadMore() {
    const { rows, filter, loadingMore, total } = get();
    if (loadingMore || rows.length >= total) return;
    const seq = loadSeq;
    set({ loadingMore: true });
    try {
      const page = await getApi().call('logs.search', {
        filter,
        limit: LOG_PAGE_SIZE,
        offset: rows.length,
      });
      if (seq !== loadSeq) return;
      // Rows may have shifted by live inserts between pages; skip those already shown.
      const known = new Set(get().rows.map((r) => r.id));
      set({
        rows: [...get().rows, ...page.rows.filter((r) => !known.has(r.id))],
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
    const { status, live, rows, filter, total, missed } = get();
    if (status !== 'ready') return;
    if (!live) {
      set({ missed: missed + entries.length });
      return;
    }
    const next = prependRows(rows, entries, filter);
    if (next.added > 0) set({ rows: next.rows, total: total + next.added });
  },

  setLive(live) {
    const resumedAfterMissing = live && get().missed > 0;
    set({ live });
    if (resumedAfterMissing) void get().load();
  },

  select: (selectedRequestId) => set({ selectedRequestId }),
}));
