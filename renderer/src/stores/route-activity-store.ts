import { create } from 'zustand';
import type {
  LogEntry,
  LogTotal,
  ModelRouteInfo,
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
  /** All of them, when the log could count them quickly. */
  total: LogTotal | null;
  error: string | null;
}

/** How many fallbacks a route's card shows (the Logs page has the rest). */
export const RECENT_FALLBACKS = 10;

/**
 * What the Routes page shows on each route's card besides the route itself (that is in
 * routes-store.ts): its test runs, recent fallbacks and the warnings of its last save. Only that
 * page (and the fallback notice) loads this.
 */
interface RouteActivityState {
  /** What the app said when a route was last saved (models it cannot find, …), by route. */
  warnings: Record<string, string[]>;
  tests: Record<string, RouteTestRun>;
  fallbacks: Record<string, RecentFallbacks>;
  /** A route was saved (`useRoutesStore`'s `save`): its warnings kept, its old test dropped. */
  onSaved(params: RouteSaveParams, saved: { route: ModelRouteInfo; warnings: string[] }): void;
  /** A route was deleted (`useRoutesStore`'s `remove`): what was shown for it goes. */
  onRemoved(name: string): void;
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

export const useRouteActivityStore = create<RouteActivityState>()((set, get) => ({
  warnings: {},
  tests: {},
  fallbacks: {},

  onSaved(params, saved) {
    const renamed = params.previousName !== undefined && params.previousName !== params.name;
    let { warnings, tests, fallbacks } = get();
    if (renamed && params.previousName) {
      warnings = withKey(warnings, params.previousName, undefined);
      tests = withKey(tests, params.previousName, undefined);
      fallbacks = withKey(fallbacks, params.previousName, undefined);
    }
    set({
      warnings: withKey(
        warnings,
        saved.route.name,
        saved.warnings.length > 0 ? saved.warnings : undefined,
      ),
      // A test of the route as it was says nothing of it now.
      tests: withKey(tests, saved.route.name, undefined),
      fallbacks,
    });
  },

  onRemoved(name) {
    testSeq.delete(name);
    set({
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
        total: before?.total ?? null,
        error: null,
      }),
    });
    try {
      const page = await getApi().call('logs.search', {
        filter: { modelRoute: name, fellBack: true },
        limit: RECENT_FALLBACKS,
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
          total: before?.total ?? null,
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
