import { currentLocale } from '../i18n/locale.ts';

// One formatter per locale and style (creating them is what costs; see `time.ts`).
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(style: 'grouped' | 'compact'): Intl.NumberFormat {
  const locale = currentLocale();
  const key = `${locale}|${style}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(
      locale,
      // Three significant digits: "12.3k", "123k", "4.5M"; in Chinese by 万 and 亿.
      style === 'compact' ? { notation: 'compact', maximumSignificantDigits: 3 } : {},
    );
    formatters.set(key, cached);
  }
  return cached;
}

/** A token count with thousands separators ("12,345"); a dash when unknown. */
export function formatTokens(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return '—';
  return formatter('grouped').format(Math.round(count));
}

/** A short token count for cards and axes: "950", "12.3k", "4.5M", "1.2B" ("1.23万" in Chinese). */
export function formatTokensCompact(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return '—';
  const text = formatter('compact').format(count < 1000 ? Math.round(count) : count);
  // English's "K" in the app's lowercase, as the axes have always read.
  return text.replace(/(\d)K$/, '$1k');
}
