import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FormatCodec, TokenCounting } from '../canonical/format-codec.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { MAX_TRANSLATED_NESTING, nestsDeeperThan } from '../formats/nesting-depth.ts';
import { callUpstream } from '../upstream/call-upstream.ts';
import { upstreamFailure } from '../upstream/upstream-failure.ts';
import { loadTokenizer } from './bpe-tokenizer.ts';
import { clip } from './clip.ts';
import { estimateInputTokens } from './estimate-input-tokens.ts';
import type { CatalogModel } from '../catalog/catalog-model.ts';
import { currentCatalog, findModel } from './catalog-lookup.ts';
import type { GenerationDeps } from './handle-generation.ts';
import { parseJsonBody, readBody } from './read-body.ts';
import type { RequestContext } from './request-context.ts';
import { sendJson } from './send-json.ts';

/** Says that a token count is the gateway's estimate, not the upstream's. */
export const TOKEN_COUNT_HEADER = 'x-gateway-token-count';

/** Upstream answers that mean "this endpoint is not served here": the gateway estimates instead. */
const NOT_SERVED = new Set([404, 405, 501]);

/**
 * The model a count is for: a route's first model the catalog knows (counting does not fall
 * back; any model's count is near enough for a client sizing its context), else the one named.
 */
async function countedModel(
  deps: GenerationDeps,
  ctx: RequestContext,
  name: string,
): Promise<CatalogModel> {
  const route = deps.policy?.route(name);
  if (route) {
    const { byId } = await currentCatalog(deps, ctx);
    if (route.shadow || !byId.has(name)) {
      ctx.record.modelRoute = route.name;
      const first = route.models.map((id) => byId.get(id)).find((m) => m !== undefined);
      if (first) return first;
    }
  }
  return findModel(deps, ctx, name);
}

/**
 * A request's input tokens, counted without generating. A model that speaks the format is
 * asked upstream, as a client talking to it directly would; for any other model, or an upstream
 * that does not count, the gateway estimates with its tokenizer and says so in a header.
 */
export async function handleCountTokens(
  deps: GenerationDeps,
  ctx: RequestContext,
  codec: FormatCodec,
  counting: TokenCounting,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  ctx.record.clientFormat = codec.format;
  const raw = await readBody(req, deps.maxBodyBytes, deps.clientBodyTimeoutMs);
  ctx.requestBody = raw;
  const body = parseJsonBody(raw);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new GatewayError(400, 'Request body must be a JSON object.', { code: 'invalid_request' });
  // The same checks as a generation request of the format: a body the upstream would refuse is
  // refused whoever counts it, and one too deep to walk is refused before it is walked.
  const envelope = codec.readEnvelope(body as Record<string, unknown>, {});
  if (nestsDeeperThan(envelope.body, MAX_TRANSLATED_NESTING))
    throw new GatewayError(
      400,
      `The request nests arrays and objects more than ${MAX_TRANSLATED_NESTING} levels deep.`,
      { code: 'request_too_deep' },
    );
  const fields = envelope.body;
  ctx.record.model = clip(envelope.model);
  const model = await countedModel(deps, ctx, envelope.model);

  if (model.formats.includes(codec.format)) {
    ctx.record.route = 'passthrough';
    ctx.record.upstreamFormat = codec.format;
    const upstream = deps.upstream();
    const answer = await callUpstream(upstream, deps.retry, ctx, {
      path: counting.upstreamPath,
      // A route's model counts under its own name.
      body: model.id === envelope.model ? raw : codec.withModel(raw, model.id),
      stream: false,
      streamType: codec.framing.contentType,
      headers: codec.upstreamHeaders?.(ctx.headers) ?? {},
    });
    if (!answer) return;
    if (answer.ok) {
      let text: string;
      try {
        text = upstream.scrub(await answer.response.body.text());
      } catch (error) {
        if (ctx.signal.aborted) return;
        const failure = upstreamFailure(error, upstream.baseUrl);
        if (failure.code === 'upstream_timeout') throw failure;
        // A connection cut part-way is the upstream's failure, not the gateway's.
        throw new GatewayError(
          502,
          'The upstream closed the connection before the count was complete.',
          { code: 'upstream_disconnected', cause: error },
        );
      }
      ctx.markFirstByte();
      res.writeHead(answer.response.statusCode, { 'content-type': 'application/json' });
      res.end(text);
      return;
    }
    if (!NOT_SERVED.has(answer.status))
      throw codec.decodeError(answer.status, answer.body.toString(), answer.headers);
    ctx.record.rules.push('count_tokens.estimated_upstream_does_not_count');
  }
  ctx.record.route = 'local';
  const tokens = estimateInputTokens(fields, await loadTokenizer());
  ctx.markFirstByte();
  sendJson(res, 200, counting.body(tokens), { [TOKEN_COUNT_HEADER]: 'estimate' });
}
