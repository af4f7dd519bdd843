/** Dollar amounts as the app shows them, in the window and in the tray. */
const DASH = '—';

export type DollarPrecision = 'cents' | 'small' | 'significant' | 'whole';

// In the language's digits and separators, always with "$" (the upstream bills in US dollars;
// "US$" would only add noise). Formatters are costly to create: one per locale and precision.
const formatters = new Map<string, Intl.NumberFormat>();

export function dollars(precision: DollarPrecision, locale: string): Intl.NumberFormat {
  const key = `${locale}|${precision}`;
  let cached = formatters.get(key);
  if (!cached) {
    const digits: Intl.NumberFormatOptions =
      precision === 'cents'
        ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
        : precision === 'small'
          ? { minimumFractionDigits: 2, maximumFractionDigits: 4 }
          : precision === 'significant'
            ? { maximumSignificantDigits: 2 }
            : { maximumFractionDigits: 0 };
    cached = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      ...digits,
    });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * An estimated cost in dollars. Single requests often cost fractions of a cent, so small
 * amounts keep four decimals instead of rounding to a misleading "$0.00".
 */
export function formatCost(usd: number | null | undefined, locale = 'en'): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return DASH;
  if (usd === 0) return dollars('cents', locale).format(0);
  const abs = Math.abs(usd);
  const small = dollars('small', locale);
  if (abs < 0.0001) return usd < 0 ? `>${small.format(-0.0001)}` : `<${small.format(0.0001)}`;
  // Up to four decimals below a dollar ($0.0106, $0.42), never fewer than two.
  if (abs < 1) return small.format(usd);
  return dollars('cents', locale).format(usd);
}
