import type { UsagePoint } from '../../../shared/contract.ts';

export type RangePreset = '24h' | '7d' | '30d' | 'custom';

/** Custom range as the date inputs give it: local calendar days, both inclusive. */
export interface CustomRange {
  from: string;
  to: string;
}

export interface ResolvedRange {
  from: number;
  to: number;
  bucket: 'hour' | 'day';
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PRESET_SPAN: Record<Exclude<RangePreset, 'custom'>, number> = {
  '24h': DAY,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
};

/** Start of a local calendar day given as YYYY-MM-DD, or null when not a date. */
function localDayStart(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  return new Date(Number(y), Number(m) - 1, Number(d)).getTime();
}

/** Hours for up to two days (a day-bucket chart of one day is a single bar), days beyond. */
export function bucketFor(from: number, to: number): 'hour' | 'day' {
  return to - from <= 2 * DAY ? 'hour' : 'day';
}

/** The time window a preset (or custom pick) stands for; null for an invalid custom range. */
export function resolveRange(
  preset: RangePreset,
  custom: CustomRange,
  now: number,
): ResolvedRange | null {
  if (preset !== 'custom') {
    const from = now - PRESET_SPAN[preset];
    return { from, to: now, bucket: bucketFor(from, now) };
  }
  const from = localDayStart(custom.from);
  const lastDay = localDayStart(custom.to);
  if (from === null || lastDay === null) return null;
  const toDate = new Date(lastDay);
  toDate.setDate(toDate.getDate() + 1); // `to` is exclusive: include the whole last day
  const to = toDate.getTime();
  if (to <= from) return null;
  return { from, to, bucket: bucketFor(from, to) };
}

/** YYYY-MM-DD of a local date, for date inputs. */
export function toDateInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Adds empty buckets between the ones the app returned so a quiet hour shows as zero instead
 * of being skipped by the chart. Buckets line up with the returned ones (the app decides where
 * a day starts); with no data at all there is nothing to draw, so the empty list stays empty.
 */
export function fillSeries(
  points: UsagePoint[],
  range: { from: number; to: number },
  bucket: 'hour' | 'day',
): UsagePoint[] {
  const sorted = [...points].sort((a, b) => a.bucketStart - b.bucketStart);
  const anchor = sorted[0]?.bucketStart;
  if (anchor === undefined) return [];
  const step = bucket === 'hour' ? HOUR : DAY;
  // The grid slot holding `range.from`, on the returned buckets' alignment.
  const start =
    anchor > range.from ? anchor - Math.ceil((anchor - range.from) / step) * step : anchor;
  const used = new Set<UsagePoint>();
  const filled: UsagePoint[] = [];
  for (let t = start; t < range.to; t += step) {
    // A real bucket within half a step of a slot is that slot (days shift by an hour at DST).
    const real = sorted.find((p) => !used.has(p) && Math.abs(p.bucketStart - t) < step / 2);
    if (real) used.add(real);
    filled.push(
      real ?? { bucketStart: t, requests: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 },
    );
  }
  // Never lose data that falls outside the grid.
  for (const point of sorted) if (!used.has(point)) filled.push(point);
  return filled.sort((a, b) => a.bucketStart - b.bucketStart);
}
