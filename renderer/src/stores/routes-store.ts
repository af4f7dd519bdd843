import { create } from 'zustand';
import type {
  LogEntry,
  ModelRouteInfo,
  RouteDefaults,
  RouteModelTest,
  RouteSaveParams,
} from '../../../shared/contract.ts';
import { errorMessage, getApi } from '../api/index.ts';
import type { LoadStatus } from './load-status.ts';

/** A `routes.test` run: one short request through each of the route's models. */
type RouteTestRun =
  | { state: 'running'; startedAt: number }
  | { state: 'done'; results: RouteModelTest[] }
  | { state: 'error'; message: string };

/** The route's last requests on which it moved on to another model. */
interface RecentFallbacks {
  status: LoadStatus;
  rows: LogEntry[];
  total: number;
  error: string | null;
}

/** How many fallbacks a route's card shows (the Logs page has the rest). */
export const RECENT_FALLBACKS = 10;

interface RoutesState {
  routes: ModelRouteInfo[];
  defaults: RouteDefaults | null;
  status: LoadStatus;
  error: string | null;
  /** What the app said when a route was last saved (models it cannot find, …), by route. */
  warnings: Record<string, string[]>;
  tests: Record<string, RouteTestRun>;
  fallbacks: Record<string, RecentFallbacks>;
  load(): Promise<void>;
  /** Loads once; pages that only list routes (pickers) call this. */
  ensureLoaded(): Promise<void>;
  /** Creates or changes a route; throws the app's refusal (nothing changed) for the form. */
  save(params: RouteSaveParams): Promise<{ route: ModelRouteInfo; warnings: string[] }>;
  remove(name: string): Promise<void>;
  test(name: string): Promise<void>;
  /** Stops waiting for a test: its result, when it comes, is ignored. */
  cancelTest(name: string): void;
  clearTest(name: string): void;
  loadFallbacks(name: string): Promise<void>;
  /** A route fell back: its recent fallbacks, when shown, are read again. */
  onFallback(route: string | null): void;
  dismissWarnings(name: string): void;
}

const withKey = <T>(record: Record<string, T>, key: string, value: T | undefined) => {
  const next = { ...record };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
};

/** Each test run's number, so a cancelled or superseded run's answer is dropped. */
const testSeq = new Map<string, number>();
let loadSeq = 0;

export const useRoutesStore = create<RoutesState>()((set, get) => ({
  routes: [],
  defaults: null,
  status: 'idle',
  error: null,
  warnings: {},
  tests: {},
  fallbacks: {},

  async load() {
    const seq = ++loadSeq;
    set({ status: get().status === 'ready' ? 'ready' : 'loading', error: null });
    try {
      const { routes, defaults } = await getApi().call('routes.list');
      if (seq !== loadSeq) return;
      set({ routes, defaults, status: 'ready' });
    } catch (error) {
      if (seq !== loadSeq) return;
      // Routes already shown stay; the error says why they may be stale.
      set({ status: get().status === 'ready' ? 'ready' : 'error', error: errorMessage(error) });
    }
  },

  async ensureLoaded() {
    if (get().status === 'idle') await get().load();
  },

  async save(params) {
    const saved = await getApi().call('routes.save', params);
    const renamed = params.previousName !== undefined && params.previousName !== params.name;
    const others = get().routes.filter(
      (r) => r.name !== saved.route.name && !(renamed && r.name === params.previousName),
    );
    let { warnings, tests, fallbacks } = get();
    if (renamed && params.previousName) {
      warnings = withKey(warnings, params.previousName, undefined);
      tests = withKey(tests, params.previousName, undefined);
      fallbacks = withKey(fallbacks, params.previousName, undefined);
    }
    set({
      routes: [...others, saved.route].sort((a, b) => a.name.localeCompare(b.name)),
      warnings: withKey(
        warnings,
        saved.route.name,
        saved.warnings.length > 0 ? saved.warnings : undefined,
      ),
      // A test of the route as it was says nothing of it now.
      tests: withKey(tests, saved.route.name, undefined),
      fallbacks,
    });
    // Other routes may name this one: their formats and warnings come from the app.
    void get().load();
    return saved;
  },

  async remove(name) {
    await getApi().call('routes.delete', { name });
    testSeq.delete(name);
    set({
      routes: get().routes.filter((r) => r.name !== name),
      warnings: withKey(get().warnings, name, undefined),
      tests: withKey(get().tests, name, undefined),
      fallbacks: withKey(get().fallbacks, name, undefined),
    });
  },

  async test(name) {
    const seq = (testSeq.get(name) ?? 0) + 1;
    testSeq.set(name, seq);
    set({ tests: withKey(get().tests, name, { state: 'running', startedAt: Date.now() }) });
    let run: RouteTestRun;
    try {
      run = { state: 'done', results: await getApi().call('routes.test', { name }) };
    } catch (error) {
      run = { state: 'error', message: errorMessage(error) };
    }
    if (testSeq.get(name) !== seq) return;
    set({ tests: withKey(get().tests, name, run) });
  },

  cancelTest(name) {
    testSeq.set(name, (testSeq.get(name) ?? 0) + 1);
    set({ tests: withKey(get().tests, name, undefined) });
  },

  clearTest: (name) => set({ tests: withKey(get().tests, name, undefined) }),

  async loadFallbacks(name) {
    const before = get().fallbacks[name];
    set({
      fallbacks: withKey(get().fallbacks, name, {
        status: 'loading',
        rows: before?.rows ?? [],
        total: before?.total ?? 0,
        error: null,
      }),
    });
    try {
      const page = await getApi().call('logs.search', {
        filter: { modelRoute: name, fellBack: true },
        limit: RECENT_FALLBACKS,
        offset: 0,
      });
      set({
        fallbacks: withKey(get().fallbacks, name, {
          status: 'ready',
          rows: page.rows,
          total: page.total,
          error: null,
        }),
      });
    } catch (error) {
      set({
        fallbacks: withKey(get().fallbacks, name, {
          status: 'error',
          rows: before?.rows ?? [],
          total: before?.total ?? 0,
          error: errorMessage(error),
        }),
      });
    }
  },

  onFallback(route) {
    if (route !== null && get().fallbacks[route]) void get().loadFallbacks(route);
  },

  dismissWarnings: (name) => set({ warnings: withKey(get().warnings, name, undefined) }),
}));
