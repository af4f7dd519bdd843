import { useEffect, type RefObject } from 'react';

let appJustOpened = true;

/**
 * Moves focus to a page's heading when the user goes to that page, so a screen reader announces
 * where they arrived and the next Tab starts from the top of the page, not from the sidebar link
 * left behind. The first page the app opens on keeps the browser's own focus.
 *
 * The focus moves once the page's first frame is drawn: focusing forces a layout, which in the
 * task that rendered the page made one long task of both (18 ms of Settings' opening, profiled);
 * after the frame the layout is done and the focus costs nothing.
 */
export function useFocusOnNavigation(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (appJustOpened) {
      appJustOpened = false;
      return;
    }
    // Where the focus was as the page opened (the sidebar link, say): if something on the page
    // took it meanwhile (Settings opened at a field, Chat's composer), it stays there.
    const before = document.activeElement;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const now = document.activeElement;
        if (now === before || now === null || now === document.body)
          ref.current?.focus({ preventScroll: true });
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ref]);
}
