import { isRecord } from '../canonical/json.ts';
import { isTariff } from '../../../shared/tariff.ts';
import type { Tariff } from './tariff.ts';

const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** Keeps only a tariff the app's own rules accept (no negative price), so logs read it back. */
function add(tariffs: Map<string, Tariff>, model: string, tariff: Tariff): void {
  if (isTariff(tariff)) tariffs.set(model, tariff);
}

/**
 * Reads the upstream's pricing document (`GET /api/pricing` on new-api relays):
 * `quota_type` 0 bills by tokens with ratios, 1 bills per call. Every field is optional; an entry
 * without a usable price (missing, or negative) is left out rather than guessed. `group` is the
 * key's group.
 */
export function parsePricing(body: unknown, group = 'default'): Map<string, Tariff> {
  const tariffs = new Map<string, Tariff>();
  if (!isRecord(body) || !Array.isArray(body.data)) return tariffs;
  const groupRatios = isRecord(body.group_ratio) ? body.group_ratio : {};
  const groupRatio = num(groupRatios[group], 1);
  for (const entry of body.data) {
    if (!isRecord(entry) || typeof entry.model_name !== 'string') continue;
    if (entry.quota_type === 1) {
      const modelPrice = num(entry.model_price, NaN);
      if (Number.isFinite(modelPrice))
        add(tariffs, entry.model_name, { kind: 'per-call', modelPrice, groupRatio });
      continue;
    }
    const modelRatio = num(entry.model_ratio, NaN);
    if (!Number.isFinite(modelRatio)) continue;
    add(tariffs, entry.model_name, {
      kind: 'tokens',
      modelRatio,
      completionRatio: num(entry.completion_ratio, 1),
      cacheRatio: num(entry.cache_ratio, 1),
      groupRatio,
    });
  }
  return tariffs;
}
