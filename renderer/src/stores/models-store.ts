import { create } from 'zustand';
import type { ModelInfo, ModelOverrideInput } from '../../../shared/contract.ts';
import { errorMessage, getApi } from '../api/index.ts';
import type { LoadStatus } from './load-status.ts';

interface ModelsState {
  models: ModelInfo[];
  status: LoadStatus;
  error: string | null;
  /** A refresh from the upstream is running (the table stays usable meanwhile). */
  refreshing: boolean;
  load(options?: { refresh?: boolean }): Promise<void>;
  /** Loads once; pages that only need the list (chat's picker) call this. */
  ensureLoaded(): Promise<void>;
  setOverride(modelId: string, override: ModelOverrideInput): Promise<void>;
  clearOverride(modelId: string): Promise<void>;
}

export const useModelsStore = create<ModelsState>()((set, get) => ({
  models: [],
  status: 'idle',
  error: null,
  refreshing: false,

  async load(options = {}) {
    const refresh = options.refresh === true;
    // Models already shown stay on screen while they reload.
    const status = get().models.length > 0 ? 'ready' : 'loading';
    set(refresh ? { refreshing: true, error: null } : { status, error: null });
    try {
      const models = await getApi().call('models.list', { refresh });
      set({ models, status: 'ready', refreshing: false });
    } catch (error) {
      // A failed refresh keeps the models already shown; the error says why they may be stale.
      set({
        status: get().models.length > 0 ? 'ready' : 'error',
        error: errorMessage(error),
        refreshing: false,
      });
    }
  },

  async ensureLoaded() {
    if (get().status === 'idle') await get().load();
  },

  async setOverride(modelId, override) {
    set({ models: await getApi().call('models.setOverride', { modelId, override }) });
  },

  async clearOverride(modelId) {
    set({ models: await getApi().call('models.clearOverride', { modelId }) });
  },
}));
