import type { WireFormat } from '../formats/wire-format.ts';
import type { CatalogModel } from './catalog-model.ts';
import { formatsFromMarkers } from './markers.ts';

/** UPSTREAM.md: a missing or empty marker list means "unknown"; fall back to chat-completions. */
const FALLBACK_FORMATS: WireFormat[] = ['chat'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the upstream's `GET /v1/models` answer. Every field but `id` is optional and unknown
 * fields are ignored: the upstream's shape is a default reading, not a contract.
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
      formats: markersKnown ? formatsFromMarkers(markers) : [...FALLBACK_FORMATS],
      markersKnown,
      tariff: null,
      overridden: { markers: false, tariff: false },
    });
  }
  return models;
}
