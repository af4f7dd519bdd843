import type { ModelInfo, ModelOverrideInput } from '../../shared/contract.ts';
import { loadCatalog } from '../gateway/catalog/load-catalog.ts';
import { newRequestId } from '../gateway/server/request-id.ts';
import { upstreamFailure } from '../gateway/upstream/upstream-failure.ts';
import type { Store } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import type { GatewayController } from './gateway-controller.ts';
import { toModelInfo } from './model-info.ts';
import { appCatalogSources } from './start-app-gateway.ts';
import { naturalCompare } from '../../shared/natural-order.ts';

/**
 * The Models page: the active key's catalog from the gateway's own cache (so the page and the
 * gateway agree), and the user's overrides of markers and tariffs.
 */
export class ModelService {
  private readonly store: Store;
  private readonly gateway: GatewayController;

  constructor(store: Store, gateway: GatewayController) {
    this.store = store;
    this.gateway = gateway;
  }

  async list(refresh = false): Promise<ModelInfo[]> {
    const upstream = this.gateway.upstream();
    if (!('client' in upstream))
      throw new AppError(upstream.code, upstream.message, { i18n: upstream.i18n });
    const client = upstream.client;
    const load = () =>
      loadCatalog(
        client,
        newRequestId(),
        appCatalogSources(this.store),
        AbortSignal.timeout(30_000),
      );
    const cache = this.gateway.catalog();
    try {
      const keyId = await client.keyId();
      const catalog = refresh ? await cache.refresh(keyId, load) : await cache.get(keyId, load);
      return catalog.models.map(toModelInfo).sort((a, b) => naturalCompare(a.id, b.id));
    } catch (error) {
      // The gateway's wording: the upstream's own message, and what to do about a rejected key.
      const failure = upstreamFailure(error, client.baseUrl);
      throw new AppError(failure.code ?? 'upstream_error', failure.message, { cause: error });
    }
  }

  /** Merges into the model's override; the catalog is reloaded so requests use it too. */
  async setOverride(modelId: string, override: ModelOverrideInput): Promise<ModelInfo[]> {
    this.store.modelOverrides.set(modelId, override);
    this.gateway.invalidateCatalog();
    return this.list();
  }

  async clearOverride(modelId: string): Promise<ModelInfo[]> {
    this.store.modelOverrides.clear(modelId);
    this.gateway.invalidateCatalog();
    return this.list();
  }
}
