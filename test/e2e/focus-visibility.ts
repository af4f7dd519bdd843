import type { Page } from 'playwright-core';

/**
 * Tabs through the page and returns the focus stops that look the same focused as not: the
 * element's and its parent's outline, box-shadow, border and background are compared with
 * what they were before anything had focus (a parent counts for focus-within styling).
 */
export async function invisibleFocusStops(page: Page, maxStops = 80): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    const look = (el: Element | null): string => {
      if (!el) return '';
      const s = getComputedStyle(el);
      return [
        s.outlineStyle === 'none'
          ? 'none'
          : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
        s.boxShadow,
        s.borderColor,
        s.backgroundColor,
        s.textDecorationLine,
      ].join('|');
    };
    const w = window as unknown as {
      __focusLook: (el: Element) => string;
      __unfocused: WeakMap<Element, string>;
    };
    w.__focusLook = (el) => `${look(el)}#${look(el.parentElement)}`;
    w.__unfocused = new WeakMap();
    for (const el of document.querySelectorAll('*')) w.__unfocused.set(el, w.__focusLook(el));
  });
  const invisible: string[] = [];
  for (let i = 0; i < maxStops; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement;
      // Back at a stop already seen: the whole page has been gone through.
      if (!el || el === document.body || el.hasAttribute('data-focus-checked')) return null;
      el.setAttribute('data-focus-checked', '');
      const w = window as unknown as {
        __focusLook: (el: Element) => string;
        __unfocused: WeakMap<Element, string>;
      };
      const name =
        el.getAttribute('aria-label') ??
        (el as HTMLElement).innerText?.trim().slice(0, 40) ??
        el.getAttribute('name') ??
        '';
      const path = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        el.className && typeof el.className === 'string'
          ? `.${el.className.split(' ').join('.')}`
          : ''
      } "${name}"`;
      const before = w.__unfocused.get(el);
      return { path, visible: before === undefined || before !== w.__focusLook(el) };
    });
    if (!stop) break;
    if (!stop.visible) invisible.push(stop.path);
  }
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-focus-checked]'))
      el.removeAttribute('data-focus-checked');
  });
  return invisible;
}
