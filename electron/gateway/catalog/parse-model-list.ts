import type { CatalogModel } from './catalog-model.ts';
import { fallbackFormats, formatsFromMarkers } from './markers.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the upstream's `GET /v1/models` answer. Every field but `id` is optional and unknown
 * fields are ignored: the upstream's shape is a default reading, not a contract. A missing or
 * empty marker list means "unknown": the model is taken to speak the default format until the
 * user overrides its markers.
 */
export function parseModelList(body: unknown): CatalogModel[] {
  const data =
    isRecord(body) && Array.isArray(body.data) ? body.data : Array.isArray(body) ? body : [];
  const models: CatalogModel[] = [];
  const seen = new Set<string>();
  for (const entry of data) {
    if (!isRecord(entry) || typeof entry.id !== 'string' || !entry.id || seen.has(entry.id))
      continue;
    seen.add(entry.id);
    const markers = Array.isArray(entry.supported_endpoint_types)
      ? entry.supported_endpoint_types.filter((m): m is string => typeof m === 'string')
      : [];
    const markersKnown = markers.length > 0;
    models.push({
      id: entry.id,
      ownedBy: typeof entry.owned_by === 'string' ? entry.owned_by : 'upstream',
      created: typeof entry.created === 'number' ? entry.created : 0,
      markers,
      formats: markersKnown ? formatsFromMarkers(markers) : fallbackFormats(),
      markersKnown,
      tariff: null,
      overridden: { markers: false, tariff: false },
    });
  }
  return models;
}
