import { elementScroll, type Rect, type Virtualizer } from '@tanstack/react-virtual';

/**
 * The virtualiser's scroll element size, reported only by a ResizeObserver. The default reads
 * clientWidth/clientHeight as it subscribes, which forces a layout of the page with the list
 * just inserted, inside the click that opened it (a sixth of a picker's opening, profiled).
 * Read in the observer's callback the layout is already done; until then the virtualiser
 * uses its `initialRect`.
 */
export function observeRectAfterLayout<T extends Element>(
  instance: Virtualizer<T, Element>,
  onRect: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element) return undefined;
  const observer = new ResizeObserver(() =>
    onRect({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/**
 * The virtualiser's scroll, skipped where the list already is: as it mounts it scrolls the new
 * list to its initial offset (the top, where a new element already is), and a scroll forces a
 * layout inside the click that opened the list.
 */
export function scrollUnlessThere<T extends Element>(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<T, Element>,
): void {
  if (!options.adjustments && instance.scrollOffset === offset) return;
  elementScroll(offset, options, instance);
}
