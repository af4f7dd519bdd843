/**
 * Whether a parsed JSON value nests arrays and objects deeper than `limit`. Iterative, so a
 * hostile body cannot overflow the stack here; the translators that follow are recursive and
 * would (a RangeError, answered as a 500), which is why translation checks this first.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limit) return true;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children)
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/** Far beyond any real request (JSON Schemas and tool arguments nest a few dozen levels at most). */
export const MAX_TRANSLATED_NESTING = 256;
