import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Catalog, CatalogCache, CatalogLoader } from '../catalog/catalog-cache.ts';
import type { CatalogModel } from '../catalog/catalog-model.ts';
import { loadCatalog, type CatalogSources } from '../catalog/load-catalog.ts';
import { chooseRoute } from '../catalog/route-choice.ts';
import type { OpaqueStateStore, ResponseStore } from '../canonical/conversion-context.ts';
import type { FormatCodec, PathRequest } from '../canonical/format-codec.ts';
import { CODECS } from '../formats/codecs.ts';
import type { RetryPolicy } from '../upstream/retry-policy.ts';
import type { UpstreamClient } from '../upstream/upstream-client.ts';
import { upstreamFailure } from '../upstream/upstream-failure.ts';
import { clip } from './clip.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { passthroughFlow } from './passthrough-flow.ts';
import { parseJsonBody, readBody } from './read-body.ts';
import type { RequestContext } from './request-context.ts';
import { translationFlow } from './translation-flow.ts';

export interface GenerationDeps {
  /** The current upstream; throws a 503 GatewayError while none is configured. */
  upstream: () => UpstreamClient;
  catalog: CatalogCache;
  catalogSources: CatalogSources;
  retry: RetryPolicy;
  maxBodyBytes: number;
  /** Longest time a client may take to send its request body. */
  clientBodyTimeoutMs: number;
  /** Thought signatures and reasoning items kept between turns. */
  state: OpaqueStateStore;
  /** Answers given to responses clients through translation, for `previous_response_id`. */
  responses: ResponseStore;
}

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

/** One generation request: validate, find the model, pass through or translate. */
export async function handleGeneration(
  deps: GenerationDeps,
  ctx: RequestContext,
  route: { codec: FormatCodec; path: PathRequest },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const raw = await readBody(req, deps.maxBodyBytes, deps.clientBodyTimeoutMs);
  ctx.requestBody = raw;
  const body = parseJsonBody(raw);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new GatewayError(400, 'Request body must be a JSON object.', { code: 'invalid_request' });
  const envelope = route.codec.readEnvelope(body as Record<string, unknown>, route.path);
  ctx.record.model = clip(envelope.model);
  ctx.record.stream = envelope.stream;

  const model = await findModel(deps, ctx, envelope.model);
  const choice = chooseRoute(model, route.codec.format);
  if (!choice) {
    throw new GatewayError(
      404,
      `Model '${model.id}' is not a generation model (its endpoints: ${model.markers.join(', ') || 'none'}).`,
      {
        code: 'unsupported_endpoint',
        param: 'model',
      },
    );
  }
  if (choice.kind === 'passthrough')
    await passthroughFlow(deps, ctx, route.codec, envelope, raw, model.tariff, res);
  else
    await translationFlow(
      deps,
      ctx,
      CODECS[choice.from],
      CODECS[choice.to],
      envelope,
      { requestChars: raw.length, tariff: model.tariff },
      res,
    );
}
