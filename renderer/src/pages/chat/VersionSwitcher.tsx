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
  const index = versions.indexOf(current);
  const previous = versions[index - 1];
  const next = versions[index + 1];
  return (
    <div className="version-switcher" role="group" aria-label="Versions">
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-icon"
        aria-label="Previous version"
        title="Previous version"
        aria-disabled={busy || previous === undefined}
        onClick={() => {
          if (!busy && previous !== undefined) onShow(previous);
        }}
      >
        <ChevronLeft size={14} aria-hidden="true" />
      </button>
      <span className="version-count" aria-live="polite" aria-atomic="true">
        {`${index + 1} / ${versions.length}`}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-icon"
        aria-label="Next version"
        title="Next version"
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
