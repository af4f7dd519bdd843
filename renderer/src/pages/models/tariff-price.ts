import type { Tariff, WireFormat } from '../../../../shared/contract.ts';
import { FORMAT_MARKER } from '../../../../shared/wire-formats.ts';

/** token tariffs cost model_ratio × group_ratio × $2 per million input tokens. */
const DOLLARS_PER_MILLION_AT_RATIO_1 = 2;

export interface TariffPrice {
  inputPerMillion: number | null;
  outputPerMillion: number | null;
  cachedPerMillion: number | null;
  perCall: number | null;
}

/** What a tariff costs, for the override editor's preview. */
export function priceOfTariff(tariff: Tariff): TariffPrice {
  if (tariff.kind === 'per-call') {
    return {
      inputPerMillion: null,
      outputPerMillion: null,
      cachedPerMillion: null,
      perCall: tariff.modelPrice * tariff.groupRatio,
    };
  }
  const input = tariff.modelRatio * tariff.groupRatio * DOLLARS_PER_MILLION_AT_RATIO_1;
  return {
    inputPerMillion: input,
    outputPerMillion: input * tariff.completionRatio,
    cachedPerMillion: input * tariff.cacheRatio,
    perCall: null,
  };
}

const FORMAT_MARKERS = new Set(Object.values(FORMAT_MARKER));

/**
 * Markers for an override: the preferred format first (the upstream's first marker is its
 * preferred one), then the other chosen formats, then any non-format markers kept as they were.
 */
export function markersFor(
  chosen: readonly WireFormat[],
  preferred: WireFormat | null,
  previous: readonly string[],
): string[] {
  const ordered =
    preferred && chosen.includes(preferred)
      ? [preferred, ...chosen.filter((f) => f !== preferred)]
      : [...chosen];
  const others = previous.filter((m) => !FORMAT_MARKERS.has(m));
  return [...ordered.map((f) => FORMAT_MARKER[f]), ...others];
}

/** The non-format markers (embeddings, images…) a model carries, shown but not edited. */
export function otherMarkers(markers: readonly string[]): string[] {
  return markers.filter((m) => !FORMAT_MARKERS.has(m));
}
