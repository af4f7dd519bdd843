import { create } from 'zustand';

interface Toast {
  id: number;
  kind: 'info' | 'success' | 'error';
  text: string;
}

interface ToastState {
  toasts: Toast[];
  push(kind: Toast['kind'], text: string): void;
  dismiss(id: number): void;
}

let nextId = 1;

/** Short confirmations ("Copied", "Saved") announced through one live region. */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  push(kind, text) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, kind, text }].slice(-4) });
    // Errors stay longer: they usually need reading.
    setTimeout(() => get().dismiss(id), kind === 'error' ? 8000 : 3000);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));

export const toast = {
  info: (text: string) => useToastStore.getState().push('info', text),
  success: (text: string) => useToastStore.getState().push('success', text),
  error: (text: string) => useToastStore.getState().push('error', text),
};
