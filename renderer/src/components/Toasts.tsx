import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import type { FocusEvent } from 'react';
import { useToastStore } from '../stores/toast-store.ts';

const ICONS = { success: CircleCheck, error: CircleAlert, warning: TriangleAlert, info: Info };

const lasting = (t: { kind: string; action?: unknown }) =>
  t.action !== undefined || t.kind === 'error' || t.kind === 'warning';

/**
 * One polite live region for all toasts, so screen readers hear each new one once (not the ones
 * already shown again). A toast never takes the focus; one being pointed at or holding the focus
 * stays until it is left.
 */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const { dismiss, hold, release } = useToastStore.getState();
  return (
    <div
      className="toasts"
      role="status"
      aria-live="polite"
      aria-atomic="false"
      aria-relevant="additions"
    >
      {toasts.map((item) => {
        const Icon = ICONS[item.kind];
        return (
          <div
            key={item.id}
            className={`toast toast-${item.kind}`}
            // Notices to read or act on wait while pointed at or focused; a short "Saved" goes.
            {...(lasting(item)
              ? {
                  onMouseEnter: () => hold(item.id),
                  onMouseLeave: () => release(item.id),
                  onFocus: () => hold(item.id),
                  onBlur: (event: FocusEvent<HTMLDivElement>) => {
                    if (!event.currentTarget.contains(event.relatedTarget as Node | null))
                      release(item.id);
                  },
                }
              : {})}
          >
            <Icon size={16} aria-hidden="true" />
            <div className="toast-body">
              <span>{item.text}</span>
              {item.action ? (
                <button
                  type="button"
                  className="btn btn-sm toast-action"
                  onClick={() => {
                    dismiss(item.id);
                    item.action?.run();
                  }}
                >
                  {item.action.label}
                </button>
              ) : null}
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-icon btn-sm"
              aria-label={t('common.dismissNotification')}

              onClick={() => dismiss(item.id)}
            >
              <X size={14} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
