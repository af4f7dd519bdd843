import type { Catalog, CatalogLoader } from '../catalog/catalog-cache.ts';
import type { CatalogModel } from '../catalog/catalog-model.ts';
import { loadCatalog } from '../catalog/load-catalog.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { upstreamFailure } from '../upstream/upstream-failure.ts';
import { clip } from './clip.ts';
import type { GenerationDeps } from './handle-generation.ts';
import type { RequestContext } from './request-context.ts';

/** For error messages only: the configured upstream's URL, if any. */
const upstreamUrl = (deps: GenerationDeps): string => {
  try {
    return deps.upstream().baseUrl;
  } catch {
    return '(none)';
  }
};

/** A catalog load, shared with concurrent requests: it runs on the cache's signal, not this request's. */
const loader =
  (deps: GenerationDeps, ctx: RequestContext): CatalogLoader =>
  (signal) =>
    loadCatalog(deps.upstream(), ctx.id, deps.catalogSources, signal);

/** The current key's catalog (cached), with failures turned into the client's error. */
export async function currentCatalog(deps: GenerationDeps, ctx: RequestContext): Promise<Catalog> {
  try {
    return await deps.catalog.get(await deps.upstream().keyId(), loader(deps, ctx), ctx.signal);
  } catch (error) {
    throw upstreamFailure(error, upstreamUrl(deps));
  }
}

export async function findModel(
  deps: GenerationDeps,
  ctx: RequestContext,
  id: string,
): Promise<CatalogModel> {
  let model: CatalogModel | undefined;
  try {
    model = await deps.catalog.find(
      await deps.upstream().keyId(),
      id,
      loader(deps, ctx),
      ctx.signal,
    );
  } catch (error) {
    throw upstreamFailure(error, upstreamUrl(deps));
  }
  if (!model)
    throw new GatewayError(404, `Model '${clip(id)}' not found for this key.`, {
      code: 'model_not_found',
      param: 'model',
    });
  return model;
}
