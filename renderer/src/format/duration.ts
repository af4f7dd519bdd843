import { i18n } from '../i18n/i18n.ts';
import { currentLocale } from '../i18n/locale.ts';

const numbers = new Map<string, Intl.NumberFormat>();
/** A number with exactly `digits` decimals in the UI's language (one formatter per locale). */
function fixed(value: number, digits: number): string {
  const locale = currentLocale();
  const key = `${locale}|${digits}`;
  let cached = numbers.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    numbers.set(key, cached);
  }
  return cached.format(value);
}

/** A duration for people: "850 ms", "1.25 s", "12.3 s", "2 m 05 s", "1 h 04 m". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return i18n.t('format.duration.ms', { value: fixed(ms, 0) });
  const seconds = ms / 1000;
  if (seconds < 10) return i18n.t('format.duration.seconds', { value: fixed(seconds, 2) });
  if (seconds < 60) return i18n.t('format.duration.seconds', { value: fixed(seconds, 1) });
  const totalSeconds = Math.round(seconds);
  const minutes = Math.floor(totalSeconds / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (minutes < 60)
    return i18n.t('format.duration.minutes', { minutes, seconds: pad(totalSeconds % 60) });
  const hours = Math.floor(minutes / 60);
  return i18n.t('format.duration.hours', { hours, minutes: pad(minutes % 60) });
}
