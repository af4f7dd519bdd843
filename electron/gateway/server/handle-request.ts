import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerRoute } from './answer-route.ts';
import { authenticate } from './authenticate.ts';
import { startCapture, type CaptureOptions } from './capture.ts';
import { finishRecord, type RecordSinks } from './finish-record.ts';
import type { GracefulClose } from './graceful-close.ts';
import type { GenerationDeps } from './handle-generation.ts';
import { refuseHost } from './host-check.ts';
import type { LocalAuthenticator } from './local-auth.ts';
import { replyError } from './reply-error.ts';
import { RequestContext } from './request-context.ts';
import { matchRoute } from './route-table.ts';
import type { TokenlessAccess } from './tokenless-client.ts';

/** What a model API request is answered with, besides the request itself. */
export interface RequestHandling extends RecordSinks {
  deps: GenerationDeps;
  auth: LocalAuthenticator;
  /** Who may call without a token; nobody where absent. */
  tokenless?: TokenlessAccess;
  /** Host names answered besides loopback names. */
  allowedHosts: ReadonlySet<string>;
  capture: CaptureOptions | undefined;
  shutdown: GracefulClose;
}

/**
 * One model API request, start to end: its route, the Host check, the local token, the route's
 * handler; an error answered in the client's format; the record written once it is over,
 * whatever happened.
 */
export async function handleRequest(
  h: RequestHandling,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const ctx = new RequestContext(req, res);
  // Every answer carries the id, whichever flow writes it.
  res.setHeader('x-request-id', ctx.id);
  const url = new URL(req.url ?? '/', 'http://gateway.invalid');
  const route = matchRoute(req.method ?? 'GET', url.pathname, url.searchParams);
  if (route.kind === 'generate') {
    ctx.record.clientFormat = route.codec.format;
    h.shutdown.noteGeneration(res, route.codec, ctx.record);
  }
  const capture = startCapture(h.capture, req, res);
  try {
    const refused = refuseHost(req.headers.host, h.allowedHosts, 'gateway');
    if (refused) throw refused;
    if (route.kind === 'error') throw route.error;
    const via = authenticate(ctx, route, url.searchParams, h.auth, h.tokenless);
    await answerRoute(h.deps, ctx, route, via, req, res);
  } catch (error) {
    replyError(ctx, route, res, error, h.log);
  } finally {
    await ctx.whenClosed();
    finishRecord(ctx, res, capture, h);
  }
}
