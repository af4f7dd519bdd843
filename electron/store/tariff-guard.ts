import type { Tariff } from '../gateway/metering/tariff.ts';

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Checks a tariff read back from JSON (log rows, user overrides) before it is handed out typed. */
export function isTariff(value: unknown): value is Tariff {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  if (t.kind === 'tokens') {
    return (
      isNumber(t.modelRatio) &&
      isNumber(t.completionRatio) &&
      isNumber(t.cacheRatio) &&
      isNumber(t.groupRatio)
    );
  }
  if (t.kind === 'per-call') return isNumber(t.modelPrice) && isNumber(t.groupRatio);
  return false;
}
