import { i18n } from '../i18n/i18n.ts';
import { currentLocale } from '../i18n/locale.ts';

// Intl formatters are costly to create (toLocaleString makes one per call: 2,000 log rows or a
// month of hourly bars took tens of ms); one per locale and style is kept instead.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, cached);
  }
  return cached;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};
// 24-hour time keeps the log's time column narrow and sortable by eye.
const CLOCK: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};
const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const HOUR: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** Date and time in the UI's language, e.g. "Mar 4, 14:05". */
export function formatDateTime(
  ms: number | null | undefined,
  locale: string = currentLocale(),
): string {
  if (ms === null || ms === undefined) return '—';
  return formatter(locale, DATE_TIME).format(ms);
}

const FULL: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** Date and time to the second, with the year, for one record's details. */
export function formatDateTimeFull(ms: number, locale: string = currentLocale()): string {
  return formatter(locale, FULL).format(ms);
}

/** Time of day with seconds, for log rows. */
export function formatClock(ms: number, locale: string = currentLocale()): string {
  return formatter(locale, CLOCK).format(ms);
}

/** "just now", "5 min ago", "3 h ago", "2 days ago"; older dates as dates. */
export function formatRelative(ms: number | null | undefined, now = Date.now()): string {
  if (ms === null || ms === undefined) return i18n.t('format.time.never');
  const seconds = Math.round((now - ms) / 1000);
  if (seconds < 45) return i18n.t('format.time.justNow');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return i18n.t('format.time.minutesAgo', { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 24) return i18n.t('format.time.hoursAgo', { count: hours });
  const days = Math.round(hours / 24);
  if (days < 30) return i18n.t('format.time.daysAgo', { count: days });
  return formatDateTime(ms);
}

/**
 * A chart axis label for a bucket: hours show the time (with the date when the chart spans
 * more than one day, so "05:00" is not ambiguous), days show the date.
 */
export function formatBucket(
  ms: number,
  bucket: 'hour' | 'day',
  options: { multiDay?: boolean; locale?: string } = {},
): string {
  const locale = options.locale ?? currentLocale();
  if (bucket === 'day') return formatter(locale, DAY).format(ms);
  const time = formatter(locale, HOUR).format(ms);
  if (!options.multiDay) return time;
  return `${formatter(locale, DAY).format(ms)} ${time}`;
}
