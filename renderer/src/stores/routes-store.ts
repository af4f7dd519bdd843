import { create } from 'zustand';
import type { ModelRouteInfo, RouteDefaults, RouteSaveParams } from '../../../shared/contract.ts';
import { errorMessage, getApi } from '../api/index.ts';
import type { LoadStatus } from './load-status.ts';
import { naturalCompare } from '../../../shared/natural-order.ts';

/**
 * The model routes and their defaults: what pickers and forms need. The Routes page's tests,
 * recent fallbacks and save warnings are in route-activity-store.ts, which only that page loads.
 */
interface RoutesState {
  routes: ModelRouteInfo[];
  defaults: RouteDefaults | null;
  status: LoadStatus;
  error: string | null;
  load(): Promise<void>;
  /** Loads once; pages that only list routes (pickers) call this. */
  ensureLoaded(): Promise<void>;
  /** Creates or changes a route; throws the app's refusal (nothing changed) for the form. */
  save(params: RouteSaveParams): Promise<{ route: ModelRouteInfo; warnings: string[] }>;
  remove(name: string): Promise<void>;
}

let loadSeq = 0;

export const useRoutesStore = create<RoutesState>()((set, get) => ({
  routes: [],
  defaults: null,
  status: 'idle',
  error: null,

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
    set({ routes: [...others, saved.route].sort((a, b) => naturalCompare(a.name, b.name)) });
    // Other routes may name this one: their formats and warnings come from the app.
    void get().load();
    return saved;
  },

  async remove(name) {
    await getApi().call('routes.delete', { name });
    set({ routes: get().routes.filter((r) => r.name !== name) });
  },
}));
