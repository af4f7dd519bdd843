const grouped = new Intl.NumberFormat('en-US');

/** A token count with thousands separators ("12,345"); a dash when unknown. */
export function formatTokens(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return '—';
  return grouped.format(Math.round(count));
}

/** A short token count for cards and axes: "950", "12.3k", "4.5M", "1.2B". */
export function formatTokensCompact(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return '—';
  const abs = Math.abs(count);
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) {
      const value = count / size;
      // One decimal below 100 ("12.3k"), none above ("123k"); drop a trailing ".0".
      const text = Math.abs(value) < 100 ? value.toFixed(1).replace(/\.0$/, '') : value.toFixed(0);
      return text + suffix;
    }
  }
  return String(Math.round(count));
}
