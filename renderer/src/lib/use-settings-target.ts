import { useEffect } from 'react';
import { hashFor } from './routes.ts';
import { settingsTargetFromHash, type SettingsTarget } from './settings-target.ts';

/**
 * Moves the focus to the element `find` returns when the location names `target`
 * (`#/settings/key`, from "Open Settings at the key"), on arrival and on later hash changes.
 * The hash is then put back to plain `#/settings` without a history entry, so the same link
 * works again and a reload does not move the focus. `find` must be stable (a ref's reader or a
 * module-level function).
 */
export function useSettingsTarget(target: SettingsTarget, find: () => HTMLElement | null): void {
  useEffect(() => {
    const focusIfNamed = () => {
      if (settingsTargetFromHash(window.location.hash) !== target) return;
      const element = find();
      if (!element) return;
      element.scrollIntoView({ block: 'center' });
      element.focus();
      window.history.replaceState(null, '', hashFor('settings'));
    };
    focusIfNamed();
    window.addEventListener('hashchange', focusIfNamed);
    return () => window.removeEventListener('hashchange', focusIfNamed);
  }, [target, find]);
}
