import { create } from 'zustand';
import type { UpstreamHealth } from '../../../shared/contract.ts';
import { getApi } from '../api/index.ts';

/**
 * How often the window says it is still open. The app checks the upstream in the background
 * only while a window asks (for a minute after each ask); changes arrive as events between.
 */
const WATCH_EVERY_MS = 20_000;

interface UpstreamHealthStore {
  /** Null until the app first answered. */
  health: UpstreamHealth | null;
  /** "Retry now" is running. */
  rechecking: boolean;
  setHealth(health: UpstreamHealth): void;
  /** Asks for the health (and so keeps the checks going). */
  refresh(): Promise<void>;
  /** Checks the upstream now. */
  recheck(): Promise<void>;
}

export const useUpstreamHealthStore = create<UpstreamHealthStore>()((set, get) => ({
  health: null,
  rechecking: false,

  setHealth: (health) => set({ health }),

  async refresh() {
    try {
      set({ health: await getApi().call('upstream.health') });
    } catch {
      // The app itself is unreachable or refused us: the app's own state and screens say so.
    }
  },

  async recheck() {
    if (get().rechecking) return;
    set({ rechecking: true });
    try {
      set({ health: await getApi().call('upstream.recheck') });
    } catch {
      // As in refresh: the app's own state says what is wrong; the next ask tries again.
    } finally {
      set({ rechecking: false });
    }
  },
}));

/** Keeps the app checking the upstream while this window is open; returns the stop. */
export function watchUpstreamHealth(): () => void {
  const store = useUpstreamHealthStore.getState();
  void store.refresh();
  const timer = window.setInterval(() => void store.refresh(), WATCH_EVERY_MS);
  return () => window.clearInterval(timer);
}
