/** FNV-1a: a cheap, stable hash so ids derived from a request are reproducible. */
function hash32(s: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** 14 base-36 characters derived from `s`. */
export function stableId(s: string): string {
  const a = hash32(s).toString(36).padStart(7, '0');
  const b = hash32(s, 0x9e3779b9).toString(36).padStart(7, '0');
  return a + b;
}
