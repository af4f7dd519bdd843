import { create } from 'zustand';
import type { LogEntry, LogFilter } from '../../../shared/contract.ts';
import { errorMessage, getApi } from '../api/index.ts';
import type { LoadStatus } from './load-status.ts';
import { EMPTY_LOG_FORM, prependRows, toLogFilter, type LogFilterForm } from './log-filter.ts';

const LOG_PAGE_SIZE = 100;

interface LogsState {
  form: LogFilterForm;
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
  load(): Promise<void>;
  loadMore(): Promise<void>;
  onAppended(entries: LogEntry[]): void;
  setLive(live: boolean): void;
  select(requestId: string | null): void;
}

let loadSeq = 0;

export const useLogsStore = create<LogsState>()((set, get) => ({
  form: EMPTY_LOG_FORM,
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
    void get().load();
  },

  resetForm() {
    set({ form: EMPTY_LOG_FORM });
    void get().load();
  },

  async load() {
    const seq = ++loadSeq;
    const filter = toLogFilter(get().form, Date.now());
    set({ status: 'loading', error: null, filter, missed: 0 });
    try {
      const page = await getApi().call('logs.search', { filter, limit: LOG_PAGE_SIZE, offset: 0 });
      if (seq !== loadSeq) return;
      set({ rows: page.rows, total: page.total, status: 'ready' });
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
