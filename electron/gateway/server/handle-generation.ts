import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CatalogCache } from '../catalog/catalog-cache.ts';
import type { CatalogSources } from '../catalog/load-catalog.ts';
import type { OpaqueStateStore, ResponseStore } from '../canonical/conversion-context.ts';
import type { FormatCodec, PathRequest } from '../canonical/format-codec.ts';
import type { GatewayPolicy } from '../policy/gateway-policy.ts';
import type { RetryPolicy } from '../upstream/retry-policy.ts';
import type { UpstreamClient } from '../upstream/upstream-client.ts';
import { clip } from './clip.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { parseJsonBody, readBody } from './read-body.ts';
import type { RequestContext } from './request-context.ts';
import { checkName, planRequest } from './request-plan.ts';
import { sendJson } from './send-json.ts';
import { tryModels } from './try-models.ts';

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
  /** Routes and per-token limits; null where none are kept (a bare gateway). */
  policy: GatewayPolicy | null;
}

/**
 * One generation request: validate, apply the person's decisions (allow list, route, limits),
 * then ask the models in order, each passed through or translated. A request that asks for no
 * generation (a load request) is answered at once.
 */
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
  const local = route.codec.answerLocally?.(envelope);
  if (local !== undefined) {
    await checkName(deps, ctx, envelope.model);
    sendJson(res, 200, local);
    return;
  }
  const plan = await planRequest(deps, ctx, envelope, raw.length);
  await tryModels(deps, ctx, route.codec, envelope, raw, plan, res);
}
