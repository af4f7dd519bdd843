import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalRoute } from '../canonical/format-codec.ts';
import { currentCatalog } from './catalog-lookup.ts';
import type { GenerationDeps } from './handle-generation.ts';
import { parseJsonBody, readBody } from './read-body.ts';
import type { RequestContext } from './request-context.ts';
import { allowedFor, withRoutes } from './route-entries.ts';
import { sendJson } from './send-json.ts';

/**
 * A route a format answers from the catalog alone (`POST /api/show`): it sees what discovery
 * lists to this client, the person's routes beside the models and only what the token may ask
 * for, and never calls the upstream to generate.
 */
export async function answerLocalRoute(
  deps: GenerationDeps,
  ctx: RequestContext,
  local: LocalRoute,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let body: unknown;
  if (local.method === 'POST') {
    const raw = await readBody(req, deps.maxBodyBytes, deps.clientBodyTimeoutMs);
    ctx.requestBody = raw;
    body = parseJsonBody(raw);
  }
  const tokenId = ctx.record.clientTokenId;
  const limits = tokenId === null ? undefined : deps.policy?.limits(tokenId);
  const { models } = await currentCatalog(deps, ctx);
  const visible = allowedFor(withRoutes(models, deps.policy?.routes() ?? []), limits);
  sendJson(res, 200, local.answer(visible, body));
}
