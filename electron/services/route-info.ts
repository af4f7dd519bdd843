import type { ModelRouteInfo } from '../../shared/contract.ts';
import type { WireFormat } from '../../shared/wire-formats.ts';

/** What the store keeps of a route. */
interface StoredRoute {
  name: string;
  models: readonly string[];
  shadow: boolean;
  firstByteTimeoutMs: number | null;
  maxRetryAfterMs: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The catalog's models by id, with their formats; null when the catalog could not be had. */
export type CatalogFormats = ReadonlyMap<string, readonly WireFormat[]> | null;

/**
 * A stored route with what the catalog says of it now. `models` are its catalog models with
 * member routes flattened. Without a catalog nothing is claimed: no formats, nothing missing.
 */
export function toRouteInfo(
  route: StoredRoute,
  models: readonly string[],
  catalog: CatalogFormats,
): ModelRouteInfo {
  const known = catalog === null ? [] : models.filter((m) => catalog.has(m));
  const first = known[0];
  return {
    name: route.name,
    models: [...route.models],
    shadow: route.shadow,
    firstByteTimeoutMs: route.firstByteTimeoutMs,
    maxRetryAfterMs: route.maxRetryAfterMs,
    createdAt: route.createdAt,
    updatedAt: route.updatedAt,
    formats: first === undefined ? [] : [...(catalog?.get(first) ?? [])],
    missing: catalog === null ? [] : models.filter((m) => !catalog.has(m)),
    shadowsModel: catalog?.has(route.name) ?? false,
  };
}
