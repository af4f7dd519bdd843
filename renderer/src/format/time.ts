/** Date and time in the user's locale, e.g. "Mar 4, 14:05". */
export function formatDateTime(ms: number | null | undefined, locale?: string): string {
  if (ms === null || ms === undefined) return '—';
  return new Date(ms).toLocaleString(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Time of day with seconds, for log rows. */
export function formatClock(ms: number, locale?: string): string {
  return new Date(ms).toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    // 24-hour time keeps the log's time column narrow and sortable by eye.
    hourCycle: 'h23',
  });
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
  const date = new Date(ms);
  if (bucket === 'day') {
    return date.toLocaleDateString(options.locale, { month: 'short', day: 'numeric' });
  }
  const time = date.toLocaleTimeString(options.locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  if (!options.multiDay) return time;
  return `${date.toLocaleDateString(options.locale, { month: 'short', day: 'numeric' })} ${time}`;
}
