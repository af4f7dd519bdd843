/** Dollar amounts as the app shows them, in the window and in the tray. */
const DASH = '—';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An estimated cost in dollars. Single requests often cost fractions of a cent, so small
 * amounts keep four decimals instead of rounding to a misleading "$0.00".
 */
export function formatCost(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return DASH;
  if (usd === 0) return '$0.00';
  const abs = Math.abs(usd);
  if (abs < 0.0001) return usd < 0 ? '>-$0.0001' : '<$0.0001';
  if (abs < 1) {
    // Up to four decimals below a dollar ($0.0106, $0.42), never fewer than two.
    const text = abs.toFixed(4).replace(/(\.\d\d\d*?)0+$/, '$1');
    return `${usd < 0 ? '-' : ''}$${text}`;
  }
  return dollars.format(usd);
}
