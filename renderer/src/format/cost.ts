import {
  dollars as dollarsIn,
  formatCost as formatCostIn,
  type DollarPrecision,
} from '../../../shared/format-cost.ts';
import { i18n } from '../i18n/i18n.ts';
import { currentLocale } from '../i18n/locale.ts';

const DASH = '—';

const dollars = (precision: DollarPrecision): Intl.NumberFormat =>
  dollarsIn(precision, currentLocale());

/** An estimated cost in dollars, in the UI's language (see shared/format-cost.ts). */
export function formatCost(usd: number | null | undefined): string {
  return formatCostIn(usd, currentLocale());
}

/** A chart axis tick: two significant digits for small amounts ($0.00005), never "<$0.0001". */
export function formatCostTick(usd: number): string {
  if (usd === 0) return dollars('whole').format(0);
  if (Math.abs(usd) < 0.01) return dollars('significant').format(usd);
  return formatCost(usd);
}

/** A tariff price: "$2.50" per million tokens or per call; a dash when the model has none. */
export function formatPrice(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return DASH;
  if (usd !== 0 && Math.abs(usd) < 0.01) return dollars('significant').format(usd);
  return dollars('cents').format(usd);
}

/** A whole amount without cents, for short summaries: "$5", "$1,500". */
export function formatWholeUsd(usd: number): string {
  return dollars('whole').format(usd);
}

/** The model's price in one short phrase, for tables and pickers. */
export function formatModelPrice(model: {
  inputPerMillion: number | null;
  outputPerMillion: number | null;
  perCall: number | null;
}): string {
  if (model.perCall !== null)
    return i18n.t('format.price.perCall', { price: formatPrice(model.perCall) });
  if (model.inputPerMillion === null && model.outputPerMillion === null) return DASH;
  return i18n.t('format.price.perMillion', {
    input: formatPrice(model.inputPerMillion),
    output: formatPrice(model.outputPerMillion),
  });
}
