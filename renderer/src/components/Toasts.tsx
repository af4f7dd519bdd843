import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useToastStore } from '../stores/toast-store.ts';

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info };

/** One polite live region for all toasts, so screen readers hear each once. */
export function Toasts() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => {
        const Icon = ICONS[t.kind];
        return (
          <div key={t.id} className={`toast toast-${t.kind}`}>
            <Icon size={16} aria-hidden="true" />
            <span style={{ flex: 1 }}>{t.text}</span>
            <button
              type="button"
              className="btn btn-ghost btn-icon btn-sm"
              aria-label="Dismiss notification"
              onClick={() => dismiss(t.id)}
            >
              <X size={14} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
