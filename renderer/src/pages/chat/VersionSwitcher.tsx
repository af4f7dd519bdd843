import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';

interface VersionSwitcherProps {
  /** The message's versions, oldest first (its own id among them). */
  versions: readonly string[];
  current: string;
  onShow: (messageId: string) => void;
  busy: boolean;
}

/**
 * ‹ 2 / 3 ›: which version of a message is shown, and buttons to show the others. The list
 * keeps this mounted across versions, so the count is announced as it changes; a button that
 * has nothing to show is aria-disabled rather than disabled, so that the focus stays on it
 * after it showed the first or the last version.
 */
export function VersionSwitcher({ versions, current, onShow, busy }: VersionSwitcherProps) {
  const { t } = useTranslation();
  const index = versions.indexOf(current);
  const previous = versions[index - 1];
  const next = versions[index + 1];
  return (
    <div className="version-switcher" role="group" aria-label={t('chat.versions.label')}>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-icon"
        aria-label={t('chat.versions.previous')}
        title={t('chat.versions.previous')}
        aria-disabled={busy || previous === undefined}
        onClick={() => {
          if (!busy && previous !== undefined) onShow(previous);
        }}
      >
        <ChevronLeft size={14} aria-hidden="true" />
      </button>
      <span className="version-count" aria-live="polite" aria-atomic="true">
        {t('chat.versions.count', { index: index + 1, total: versions.length })}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-icon"
        aria-label={t('chat.versions.next')}
        title={t('chat.versions.next')}
        aria-disabled={busy || next === undefined}
        onClick={() => {
          if (!busy && next !== undefined) onShow(next);
        }}
      >
        <ChevronRight size={14} aria-hidden="true" />
      </button>
    </div>
  );
}
