/**
 * What sticks out sideways, run in the page (`page.evaluate(sidewaysOverflows)`): the document,
 * and any element wider inside than its box, except text cut short on purpose (an ellipsis) and
 * code, which scrolls by nature. An open dialog is checked too.
 */
export function sidewaysOverflows(): string[] {
  const found: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    found.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
  }
  for (const el of document.querySelectorAll<HTMLElement>('#root *, dialog[open] *')) {
    // clientWidth ≤ 1: visually hidden on purpose (labels of a collapsed sidebar).
    if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth <= 1) continue;
    const style = getComputedStyle(el);
    if (style.textOverflow === 'ellipsis') continue;
    if (el.closest('pre, .visually-hidden, [hidden]')) continue;
    // Inline elements report no client width; their block parents are checked instead.
    if (style.display === 'inline') continue;
    const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}`;
    found.push(`${name}: ${el.scrollWidth} > ${el.clientWidth}`);
  }
  return found;
}
