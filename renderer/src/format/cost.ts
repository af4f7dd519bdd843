import { formatCost } from '../../../shared/format-cost.ts';

export { formatCost };

const DASH = '—';
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A chart axis tick: two significant digits for small amounts ($0.00005), never "<$0.0001". */
export function formatCostTick(usd: number): string {
  if (usd === 0) return '$0';
  if (Math.abs(usd) < 0.01) return `$${Number(usd.toPrecision(2))}`;
  return formatCost(usd);
}

/** A tariff price: "$2.50" per million tokens or per call; a dash when the model has none. */
export function formatPrice(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return DASH;
  if (usd !== 0 && Math.abs(usd) < 0.01) return `$${usd.toPrecision(2)}`;
  return dollars.format(usd);
}

/** The model's price in one short phrase, for tables and pickers. */
export function formatModelPrice(model: {
  inputPerMillion: number | null;
  outputPerMillion: number | null;
  perCall: number | null;
}): string {
  if (model.perCall !== null) return `${formatPrice(model.perCall)} per call`;
  if (model.inputPerMillion === null && model.outputPerMillion === null) return DASH;
  return `${formatPrice(model.inputPerMillion)} in / ${formatPrice(model.outputPerMillion)} out per 1M`;
}
