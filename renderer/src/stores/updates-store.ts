import { create } from 'zustand';
import type { UpdateStatus } from '../../../shared/contract.ts';
import { errorMessage, getApi } from '../api/index.ts';
import { useAppStore } from './app-store.ts';

interface UpdatesStore {
  /** Null until the app first answered. */
  status: UpdateStatus | null;
  /** A call of this page failed (the switch, "Check now", "Restart to update"): why. */
  error: string | null;
  busy: boolean;
  setStatus(status: UpdateStatus): void;
  load(): Promise<void>;
  check(): Promise<void>;
  /** The Settings switch: saved as a setting; the app then starts or stops checking. */
  setEnabled(on: boolean): Promise<void>;
  restart(): Promise<void>;
}

/** The app's own updates, as the Settings page's Updates section shows them. */
export const useUpdatesStore = create<UpdatesStore>()((set, get) => {
  const run = async (action: () => Promise<void>) => {
    if (get().busy) return;
    set({ busy: true, error: null });
    try {
      await action();
    } catch (error) {
      set({ error: errorMessage(error) });
    } finally {
      set({ busy: false });
    }
  };
  return {
    status: null,
    error: null,
    busy: false,

    setStatus: (status) => set({ status }),

    async load() {
      try {
        set({ status: await getApi().call('updates.status') });
      } catch (error) {
        set({ error: errorMessage(error) });
      }
    },

    check: () =>
      run(async () => {
        set({ status: await getApi().call('updates.check') });
      }),

    setEnabled: (on) =>
      run(async () => {
        await useAppStore.getState().updateSettings({ autoUpdate: on });
        set({ status: await getApi().call('updates.status') });
      }),

    restart: () =>
      run(async () => {
        await getApi().call('updates.install');
      }),
  };
});
