import { useEffect, type RefObject } from 'react';

let appJustOpened = true;

/**
 * Moves focus to a page's heading when the user goes to that page, so a screen reader announces
 * where they arrived and the next Tab starts from the top of the page, not from the sidebar link
 * left behind. The first page the app opens on keeps the browser's own focus.
 */
export function useFocusOnNavigation(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (appJustOpened) {
      appJustOpened = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, [ref]);
}
