import type { CatalogModel, ModelOverride } from './catalog-model.ts';
import { formatsFromMarkers } from './markers.ts';

/** The user's override wins over the upstream for markers and tariff, each on its own. */
export function applyOverride(
  model: CatalogModel,
  override: ModelOverride | undefined,
): CatalogModel {
  if (!override) return model;
  const next = { ...model, overridden: { ...model.overridden } };
  if (override.markers) {
    next.markers = [...override.markers];
    next.formats = formatsFromMarkers(override.markers);
    next.markersKnown = true;
    next.overridden.markers = true;
  }
  if (override.tariff) {
    next.tariff = override.tariff;
    next.overridden.tariff = true;
  }
  return next;
}
