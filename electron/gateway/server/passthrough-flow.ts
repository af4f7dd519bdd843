import type { ServerResponse } from 'node:http';
import type { FormatCodec, RequestEnvelope } from '../canonical/format-codec.ts';
import { callUpstream } from '../upstream/call-upstream.ts';
import { isJsonBody } from '../upstream/error-text.ts';
import { meterRequest } from '../metering/meter-request.ts';
import { fallbackReason } from '../policy/fallback-rules.ts';
import type { GenerationDeps } from './handle-generation.ts';
import type { ModelCall } from './model-call.ts';
import { forwardedHeaders, replyPassthrough } from './passthrough-reply.ts';
import type { RequestContext } from './request-context.ts';

/** The model speaks the client's format: forward the body, send the answer's bytes back as they come. */
export async function passthroughFlow(
  deps: GenerationDeps,
  ctx: RequestContext,
  codec: FormatCodec,
  envelope: RequestEnvelope,
  raw: Buffer,
  call: ModelCall,
  res: ServerResponse,
): Promise<void> {
  ctx.record.route = 'passthrough';
  ctx.record.upstreamFormat = codec.format;
  const prepared = codec.preparePassthrough?.(raw, envelope);
  if (prepared?.rule) ctx.record.rules.push(prepared.rule);
  let body = prepared?.body ?? raw;
  // A route's model answers under its own name: the one field changed, every other byte kept.
  if (call.model.id !== envelope.model) {
    body = codec.withModel(body, call.model.id);
    ctx.record.rules.push('route.model_set');
  }
  const upstream = deps.upstream();
  const answer = await callUpstream(upstream, call.retry, ctx, {
    path: codec.upstreamPath(call.model.id, envelope.stream, envelope),
    body,
    headers: codec.upstreamHeaders?.(ctx.headers) ?? {},
    stream: envelope.stream,
    streamType: codec.framing.contentType,
    signal: call.attempt.signal,
  });
  if (!answer) return;
  if (!answer.ok) {
    const text = answer.body.toString();
    // Not the API's JSON (a proxy's HTML page, plain text): the client's SDK could not read it,
    // so it becomes the gateway's error in the client's format, status and Retry-After kept.
    if (!isJsonBody(text)) throw codec.decodeError(answer.status, text, answer.headers);
    // Another model may take over: the failure is read, not sent.
    if (call.canFallBack) {
      const failure = codec.decodeError(answer.status, text, answer.headers);
      if (fallbackReason(failure) !== null) throw failure;
    }
    ctx.record.errorKind = 'upstream_error';
    ctx.record.errorMessage = text.slice(0, 500);
    const headers = forwardedHeaders(answer.headers, upstream.keyScrubber());
    res.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      ...headers,
    });
    res.end(answer.body);
    return;
  }
  const outcome = await replyPassthrough(answer.response, res, {
    codec,
    scrubber: upstream.keyScrubber(),
    stream: envelope.stream,
    ...(prepared?.hideRecord ? { hideRecord: prepared.hideRecord } : {}),
    onFirstByte: () => {
      call.attempt.gotFirstByte();
      ctx.markFirstByte();
    },
  });
  if (outcome.streamError) {
    ctx.record.errorKind = outcome.streamError.kind;
    ctx.record.errorMessage = outcome.streamError.message;
  }
  meterRequest(ctx.record, {
    usage: outcome.usage,
    requestChars: raw.length,
    outputChars: outcome.outputChars,
    tariff: call.model.tariff,
  });
}
