import { create } from 'zustand';

type ToastKind = 'info' | 'success' | 'warning' | 'error';

/** A button on a toast: what it says and what it does (the toast goes once it is used). */
interface ToastAction {
  label: string;
  run: () => void;
}

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  action?: ToastAction;
  /** How long it stays, unless the pointer or the focus is on it. */
  durationMs: number;
}

interface ToastOptions {
  action?: ToastAction;
  durationMs?: number;
}

interface ToastState {
  toasts: Toast[];
  push(kind: ToastKind, text: string, options?: ToastOptions): void;
  dismiss(id: number): void;
  /** Keeps a toast while it is being read or used (pointer over it, focus in it). */
  hold(id: number): void;
  /** Lets a held toast go after its full time again. */
  release(id: number): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Errors and notices with an action stay longer: they usually need reading, or acting on. */
function defaultDuration(kind: ToastKind, action: ToastAction | undefined): number {
  if (action) return 15_000;
  return kind === 'error' || kind === 'warning' ? 8000 : 3000;
}

/**
 * Short confirmations ("Copied", "Saved") and notices (a route fell back, a budget is nearly
 * spent) announced through one live region; at most four at a time.
 */
export const useToastStore = create<ToastState>()((set, get) => {
  const schedule = (toast: Toast) => {
    clearTimeout(timers.get(toast.id));
    timers.set(
      toast.id,
      setTimeout(() => get().dismiss(toast.id), toast.durationMs),
    );
  };
  return {
    toasts: [],
    push(kind, text, options = {}) {
      const toast: Toast = {
        id: nextId++,
        kind,
        text,
        ...(options.action ? { action: options.action } : {}),
        durationMs: options.durationMs ?? defaultDuration(kind, options.action),
      };
      const kept = [...get().toasts, toast];
      for (const old of kept.slice(0, -4)) {
        clearTimeout(timers.get(old.id));
        timers.delete(old.id);
      }
      set({ toasts: kept.slice(-4) });
      schedule(toast);
    },
    dismiss(id) {
      clearTimeout(timers.get(id));
      timers.delete(id);
      set({ toasts: get().toasts.filter((t) => t.id !== id) });
    },
    hold(id) {
      clearTimeout(timers.get(id));
      timers.delete(id);
    },
    release(id) {
      const toast = get().toasts.find((t) => t.id === id);
      if (toast) schedule(toast);
    },
  };
});

export const toast = {
  info: (text: string, options?: ToastOptions) =>
    useToastStore.getState().push('info', text, options),
  success: (text: string) => useToastStore.getState().push('success', text),
  warning: (text: string, options?: ToastOptions) =>
    useToastStore.getState().push('warning', text, options),
  error: (text: string) => useToastStore.getState().push('error', text),
};
