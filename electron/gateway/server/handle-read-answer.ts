import type { ServerResponse } from 'node:http';
import type { FormatCodec } from '../canonical/format-codec.ts';
import { flatHeaders } from '../upstream/call-upstream.ts';
import { upstreamFailure } from '../upstream/upstream-failure.ts';
import type { GenerationDeps } from './handle-generation.ts';
import type { RequestContext } from './request-context.ts';
import { sendJson } from './send-json.ts';

/**
 * An answer the client's format lets it read again (`GET /v1/responses/{id}`). Answers the
 * gateway gave through translation are kept locally and served from there; any other id belongs
 * to an answer the upstream gave in its own format (passed through), so the upstream is asked,
 * and its answer relayed with the key scrubbed.
 */
export async function handleReadAnswer(
  deps: GenerationDeps,
  ctx: RequestContext,
  codec: FormatCodec,
  id: string,
  res: ServerResponse,
): Promise<void> {
  ctx.record.clientFormat = codec.format;
  const local = deps.responses.get(id)?.response;
  if (local !== undefined) {
    sendJson(res, 200, local);
    return;
  }
  const path = codec.keptAnswers?.upstreamReadPath(id);
  if (path === undefined) throw new Error(`${codec.format} keeps no answers`);
  ctx.record.route = 'passthrough';
  ctx.record.upstreamFormat = codec.format;
  const upstream = deps.upstream();
  const answer = await upstream
    .request({ method: 'GET', path, requestId: ctx.id, signal: ctx.signal })
    .catch((error: unknown) => {
      throw upstreamFailure(error, upstream.baseUrl);
    });
  let text: string;
  try {
    text = upstream.scrub(await answer.body.text());
  } catch (error) {
    throw upstreamFailure(error, upstream.baseUrl);
  }
  if (answer.statusCode < 200 || answer.statusCode >= 300)
    throw codec.decodeError(answer.statusCode, text, flatHeaders(answer.headers));
  ctx.markFirstByte();
  res.writeHead(answer.statusCode, { 'content-type': 'application/json' });
  res.end(text);
}
