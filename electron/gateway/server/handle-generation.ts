import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CatalogCache } from '../catalog/catalog-cache.ts';
import type { CatalogModel } from '../catalog/catalog-model.ts';
import { servableFormats } from '../catalog/servable-formats.ts';
import { requestStreamUsage } from '../formats/chat/request-stream-usage.ts';
import { readEnvelope } from '../formats/request-envelope.ts';
import { FORMAT_LABEL, type WireFormat } from '../formats/wire-format.ts';
import type { RetryPolicy } from '../upstream/retry-policy.ts';
import { sendWithRetry } from '../upstream/send-with-retry.ts';
import type { UpstreamClient } from '../upstream/upstream-client.ts';
import { upstreamFailure, upstreamKeyRejected } from '../upstream/upstream-failure.ts';
import { upstreamPath } from '../upstream/upstream-path.ts';
import { GatewayError } from './gateway-error.ts';
import { replyPassthrough } from './passthrough-reply.ts';
import { parseJsonBody, readBody } from './read-body.ts';
import type { RequestContext } from './request-context.ts';

export interface GenerationDeps {
  upstream: UpstreamClient;
  catalog: CatalogCache;
  retry: RetryPolicy;
  maxBodyBytes: number;
}

export async function findModel(
  deps: GenerationDeps,
  ctx: RequestContext,
  id: string,
): Promise<CatalogModel> {
  let model: CatalogModel | undefined;
  try {
    const keyId = await deps.upstream.keyId();
    model = await deps.catalog.find(keyId, id, () => deps.upstream.listModels(ctx.id, ctx.signal));
  } catch (error) {
    throw upstreamFailure(error, deps.upstream.baseUrl);
  }
  if (!model)
    throw new GatewayError(404, `Model '${id}' not found for this key.`, {
      code: 'model_not_found',
      param: 'model',
    });
  return model;
}

function unsupported(model: CatalogModel, format: WireFormat): GatewayError {
  const formats = servableFormats(model);
  const supported = formats.length
    ? formats.map((f) => FORMAT_LABEL[f]).join(', ')
    : 'no generation format';
  return new GatewayError(
    404,
    `Model '${model.id}' does not support the ${FORMAT_LABEL[format]} format (it supports: ${supported}).`,
    {
      code: 'unsupported_endpoint',
      param: 'model',
    },
  );
}

/** One generation request: validate, find the model, call the upstream, answer. */
export async function handleGeneration(
  deps: GenerationDeps,
  ctx: RequestContext,
  route: { format: WireFormat; model?: string; stream?: boolean },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const raw = await readBody(req, deps.maxBodyBytes);
  const nativePath =
    route.format === 'gemini'
      ? { model: route.model ?? '', stream: route.stream === true }
      : undefined;
  const envelope = readEnvelope(route.format, parseJsonBody(raw), nativePath);
  ctx.record.model = envelope.model;
  ctx.record.stream = envelope.stream;

  const model = await findModel(deps, ctx, envelope.model);
  if (!servableFormats(model).includes(route.format)) throw unsupported(model, route.format);

  ctx.record.route = 'passthrough';
  ctx.record.upstreamFormat = route.format;
  let body = raw;
  let dropChatUsageChunk = false;
  if (route.format === 'chat' && envelope.stream) {
    const usage = requestStreamUsage(raw, envelope.body);
    body = usage.body;
    dropChatUsageChunk = !usage.clientAsked;
    if (usage.changed) ctx.record.rules.push('chat.stream_usage_requested');
  }

  let result;
  try {
    result = await sendWithRetry(
      deps.upstream,
      {
        method: 'POST',
        path: upstreamPath(route.format, envelope.model, envelope.stream),
        body,
        requestId: ctx.id,
        signal: ctx.signal,
        headers: { accept: envelope.stream ? 'text/event-stream' : 'application/json' },
      },
      deps.retry,
    );
  } catch (error) {
    if (ctx.signal.aborted) return;
    throw upstreamFailure(error, deps.upstream.baseUrl);
  }
  const { response, attempts } = result;
  ctx.record.attempts = attempts;
  if (response.statusCode === 401 || response.statusCode === 403) {
    const text = await response.body.text();
    // A 403 may be the upstream's insufficient-balance answer: that one goes to the client as worded.
    if (response.statusCode === 401 || !/balance|quota/i.test(text))
      throw upstreamKeyRejected(response.statusCode, text);
    res.writeHead(response.statusCode, { 'content-type': 'application/json; charset=utf-8' });
    res.end(text);
    return;
  }
  const { cut } = await replyPassthrough(response, res, {
    format: route.format,
    stream: envelope.stream,
    dropChatUsageChunk,
    headers: { 'x-request-id': ctx.id },
    onFirstByte: () => ctx.markFirstByte(),
  });
  if (cut) ctx.record.errorKind = 'upstream_disconnected';
}
