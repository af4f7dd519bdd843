import type { ServerResponse } from 'node:http';
import type { FormatCodec, RequestHeaders, TokenSource } from '../canonical/format-codec.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { CODEC_LIST, DEFAULT_CODEC } from '../formats/codecs.ts';
import { currentCatalog, findModel } from './catalog-lookup.ts';
import type { GenerationDeps } from './handle-generation.ts';
import { modelListBody, singleModelBody } from './handle-models.ts';
import type { RequestContext } from './request-context.ts';
import { allowedFor, withRoutes } from './route-entries.ts';
import type { Route } from './route-table.ts';
import { sendJson } from './send-json.ts';

/**
 * The format a discovery answer is shaped for: the path's own, or on a shared path the format
 * whose clients authenticate or announce themselves this way; else the default.
 */
export function discoveryCodec(
  own: FormatCodec | undefined,
  headers: RequestHeaders,
  via: TokenSource | 'bearer',
): FormatCodec {
  return own ?? CODEC_LIST.find((codec) => codec.discovery.claims(headers, via)) ?? DEFAULT_CODEC;
}

/**
 * The model list, or one model, in the client's format: the catalog's models with the person's
 * routes beside them, only those the token may ask for.
 */
export async function answerDiscovery(
  deps: GenerationDeps,
  ctx: RequestContext,
  route: Extract<Route, { kind: 'list-models' | 'get-model' }>,
  via: TokenSource | 'bearer',
  res: ServerResponse,
): Promise<void> {
  const codec = discoveryCodec(route.codec, ctx.headers, via);
  const tokenId = ctx.record.clientTokenId;
  const limits = tokenId === null ? undefined : deps.policy?.limits(tokenId);
  const routes = deps.policy?.routes() ?? [];
  const { models } = await currentCatalog(deps, ctx);
  if (route.kind === 'list-models') {
    sendJson(res, 200, modelListBody(allowedFor(withRoutes(models, routes), limits), codec));
    return;
  }
  const listed = withRoutes(models, routes).find((model) => model.id === route.model);
  const model =
    listed ??
    (await findModel(deps, ctx, route.model).catch((error: unknown) => {
      if (error instanceof GatewayError && error.status === 404) return undefined;
      throw error;
    }));
  const allowed = model && allowedFor([model], limits)[0];
  sendJson(res, 200, singleModelBody(allowed, route.model, codec));
}
