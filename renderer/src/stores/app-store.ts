import { create } from 'zustand';
import type {
  AppSettings,
  AppStatus,
  GatewayStatus,
  UpstreamProfile,
} from '../../../shared/contract.ts';
import { errorMessage, getApi, isAuthError, type ConnectionState } from '../api/index.ts';
import type { LoadStatus } from './load-status.ts';

interface AppState {
  status: AppStatus | null;
  settings: AppSettings | null;
  profiles: UpstreamProfile[];
  loadStatus: LoadStatus;
  error: string | null;
  /** The app refused (or never got) this page's token: only the token screen makes sense. */
  authProblem: boolean;
  connection: ConnectionState;
  /**
   * The first-run flow is showing. Decided once, from the first status: saving the key ends
   * `firstRun` in the status, but the flow still has its test and done steps to show.
   */
  firstRunOpen: boolean;
  finishFirstRun(): void;
  load(): Promise<void>;
  refreshStatus(): Promise<void>;
  setStatus(status: AppStatus): void;
  setGatewayStatus(gateway: GatewayStatus): void;
  setConnection(connection: ConnectionState): void;
  updateSettings(patch: Partial<AppSettings>): Promise<AppSettings>;
  loadProfiles(): Promise<void>;
}

export const useAppStore = create<AppState>()((set, get) => ({
  status: null,
  settings: null,
  profiles: [],
  loadStatus: 'idle',
  error: null,
  authProblem: false,
  connection: 'connecting',
  firstRunOpen: false,

  finishFirstRun: () => set({ firstRunOpen: false }),

  async load() {
    set({ loadStatus: 'loading', error: null });
    try {
      const api = getApi();
      const [status, settings, profiles] = await Promise.all([
        api.call('app.status'),
        api.call('settings.get'),
        api.call('profiles.list'),
      ]);
      const firstLoad = get().status === null;
      set({
        status,
        settings,
        profiles,
        loadStatus: 'ready',
        ...(firstLoad ? { firstRunOpen: status.firstRun } : {}),
      });
    } catch (error) {
      set({ loadStatus: 'error', error: errorMessage(error), authProblem: isAuthError(error) });
    }
  },

  async refreshStatus() {
    try {
      set({ status: await getApi().call('app.status') });
    } catch (error) {
      if (isAuthError(error)) set({ authProblem: true });
    }
  },

  setStatus: (status) => set({ status }),

  setGatewayStatus(gateway) {
    const { status } = get();
    if (status) set({ status: { ...status, gateway } });
  },

  setConnection(connection) {
    set({
      connection,
      authProblem:
        connection === 'unauthorized' || connection === 'missing-token' || get().authProblem,
    });
  },

  async updateSettings(patch) {
    const { settings, status } = await getApi().call('settings.update', patch);
    set({ settings, status });
    return settings;
  },

  async loadProfiles() {
    set({ profiles: await getApi().call('profiles.list') });
  },
}));
