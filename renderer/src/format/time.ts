// Intl formatters are costly to create (toLocaleString makes one per call: 2,000 log rows or a
// month of hourly bars took tens of ms); one per locale and style is kept instead.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
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

/** Date and time in the user's locale, e.g. "Mar 4, 14:05". */
export function formatDateTime(ms: number | null | undefined, locale?: string): string {
  if (ms === null || ms === undefined) return '—';
  return formatter(locale, DATE_TIME).format(ms);
}

/** Time of day with seconds, for log rows. */
export function formatClock(ms: number, locale?: string): string {
  return formatter(locale, CLOCK).format(ms);
}

/** "just now", "5 min ago", "3 h ago", "2 days ago"; older dates as dates. */
export function formatRelative(ms: number | null | undefined, now = Date.now()): string {
  if (ms === null || ms === undefined) return 'never';
  const seconds = Math.round((now - ms) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 30) return `${days} day${days === 1 ? '' : 's'} ago`;
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
  if (bucket === 'day') return formatter(options.locale, DAY).format(ms);
  const time = formatter(options.locale, HOUR).format(ms);
  if (!options.multiDay) return time;
  return `${formatter(options.locale, DAY).format(ms)} ${time}`;
}
