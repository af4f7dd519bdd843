/**
 * The text already passed on for each slot of a stream (one content part, one summary, one
 * call's arguments), so a `.done` event can pass on what its deltas did not bring: servers
 * that send a part whole, or captures with deltas left out.
 */
export interface TextProgress {
  /** Records a delta for a slot. */
  add(key: string, delta: string): void;
  /** The tail of `whole` not yet passed on (recorded as passed on now); '' when it disagrees. */
  rest(key: string, whole: string): string;
  /** Whether anything was passed on for the slot. */
  has(key: string): boolean;
}

export function createTextProgress(): TextProgress {
  const sent = new Map<string, string>();
  return {
    add(key, delta) {
      sent.set(key, (sent.get(key) ?? '') + delta);
    },
    rest(key, whole) {
      const before = sent.get(key) ?? '';
      // A `.done` that disagrees with its deltas cannot be reconciled; what was sent stands.
      if (whole.length <= before.length || !whole.startsWith(before)) return '';
      sent.set(key, whole);
      return whole.slice(before.length);
    },
    has: (key) => (sent.get(key) ?? '') !== '',
  };
}
