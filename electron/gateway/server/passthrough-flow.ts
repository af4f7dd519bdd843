import type { ServerResponse } from 'node:http';
import { requestStreamUsage } from '../formats/chat/request-stream-usage.ts';
import type { RequestEnvelope } from '../formats/request-envelope.ts';
import type { WireFormat } from '../formats/wire-format.ts';
import { callUpstream } from '../upstream/call-upstream.ts';
import { isJsonBody } from '../upstream/error-text.ts';
import { CODECS } from '../formats/codecs.ts';
import { upstreamPath } from '../upstream/upstream-path.ts';
import { meterRequest } from '../metering/meter-request.ts';
import type { Tariff } from '../metering/tariff.ts';
import type { GenerationDeps } from './handle-generation.ts';
import { forwardedHeaders, replyPassthrough } from './passthrough-reply.ts';
import type { RequestContext } from './request-context.ts';

/** The model speaks the client's format: forward the body, send the answer's bytes back as they come. */
export async function passthroughFlow(
  deps: GenerationDeps,
  ctx: RequestContext,
  format: WireFormat,
  envelope: RequestEnvelope,
  raw: Buffer,
  tariff: Tariff | null,
  res: ServerResponse,
): Promise<void> {
  ctx.record.route = 'passthrough';
  ctx.record.upstreamFormat = format;
  let body = raw;
  let dropChatUsageChunk = false;
  if (format === 'chat' && envelope.stream) {
    const usage = requestStreamUsage(raw, envelope.body);
    body = usage.body;
    dropChatUsageChunk = !usage.clientAsked;
    if (usage.changed) ctx.record.rules.push('chat.stream_usage_requested');
  }
  const answer = await callUpstream(deps.upstream(), deps.retry, ctx, {
    path: upstreamPath(format, envelope.model, envelope.stream),
    body,
    stream: envelope.stream,
  });
  if (!answer) return;
  if (!answer.ok) {
    const text = answer.body.toString();
    // Not the API's JSON (a proxy's HTML page, plain text): the client's SDK could not read it,
    // so it becomes the gateway's error in the client's format, status and Retry-After kept.
    if (!isJsonBody(text)) throw CODECS[format].decodeError(answer.status, text, answer.headers);
    ctx.record.errorKind = 'upstream_error';
    ctx.record.errorMessage = text.slice(0, 500);
    const headers = forwardedHeaders(answer.headers);
    res.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      ...headers,
    });
    res.end(answer.body);
    return;
  }
  const outcome = await replyPassthrough(answer.response, res, {
    format,
    stream: envelope.stream,
    dropChatUsageChunk,
    onFirstByte: () => ctx.markFirstByte(),
  });
  if (outcome.streamError) {
    ctx.record.errorKind = outcome.streamError.kind;
    ctx.record.errorMessage = outcome.streamError.message;
  }
  meterRequest(ctx.record, {
    usage: outcome.usage,
    requestChars: raw.length,
    outputChars: outcome.outputChars,
    tariff,
  });
}
