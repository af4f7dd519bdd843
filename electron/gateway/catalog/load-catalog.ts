import { parsePricing } from '../metering/parse-pricing.ts';
import type { UpstreamClient } from '../upstream/upstream-client.ts';
import { applyOverride } from './apply-override.ts';
import type { CatalogModel, ModelOverride } from './catalog-model.ts';

export interface CatalogSources {
  /** The key's pricing group (usually `default`). */
  pricingGroup?: string;
  /** The user's per-model overrides, read at each load. */
  overrides?: () => ReadonlyMap<string, ModelOverride>;
}

/** Discovery and pricing, fetched together; pricing may fail without failing discovery. */
export async function loadCatalog(
  upstream: UpstreamClient,
  requestId: string,
  sources: CatalogSources,
  signal?: AbortSignal,
): Promise<CatalogModel[]> {
  const [models, pricing] = await Promise.all([
    upstream.listModels(requestId, signal),
    upstream.fetchPricing(requestId, signal),
  ]);
  const tariffs = parsePricing(pricing, sources.pricingGroup);
  const overrides = sources.overrides?.() ?? new Map<string, ModelOverride>();
  return models.map((model) =>
    applyOverride({ ...model, tariff: tariffs.get(model.id) ?? null }, overrides.get(model.id)),
  );
}
