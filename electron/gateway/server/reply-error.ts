import type { ServerResponse } from 'node:http';
import { GatewayError } from '../canonical/gateway-error.ts';
import { discoveryCodec } from './answer-discovery.ts';
import { drainUnreadBody } from './drain-unread-body.ts';
import { endStreamWithError } from './end-stream-with-error.ts';
import type { RequestContext } from './request-context.ts';
import type { Route } from './route-table.ts';
import { sendJson } from './send-json.ts';

/**
 * Answers a request that failed, in its client's format, and records why: an error status and
 * body while nothing was sent, else the format's in-stream error record. An error that is not
 * the gateway's own is a 500 whose details go to the log only. Nothing is written to a client
 * that has gone.
 */
export function replyError(
  ctx: Pick<RequestContext, 'signal' | 'record'>,
  route: Route,
  res: ServerResponse,
  error: unknown,
  log: (message: string) => void,
): void {
  if (ctx.signal.aborted || res.destroyed) return;
  const gatewayError =
    error instanceof GatewayError
      ? error
      : new GatewayError(500, 'Internal gateway error.', {
          code: 'internal_error',
          cause: error,
        });
  if (!(error instanceof GatewayError))
    log(
      `internal error on ${ctx.record.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  ctx.record.errorKind = gatewayError.code ?? 'error';
  ctx.record.errorMessage = gatewayError.message;
  if (ctx.record.route === 'local' && gatewayError.status >= 400) ctx.record.route = 'rejected';
  // A shared discovery path answers in the shape its client announced, errors included.
  const codec = route.codec ?? discoveryCodec(undefined, res.req.headers, 'bearer');
  if (res.headersSent) {
    endStreamWithError(res, codec, gatewayError);
    return;
  }
  const headers: Record<string, string> = { ...gatewayError.headers };
  if (gatewayError.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(gatewayError.retryAfterSeconds);
  const status = codec.errorStatus?.(gatewayError) ?? gatewayError.status;
  sendJson(res, status, codec.errorBody(gatewayError), headers);
  // The client is still sending (an oversized body, one refused before it was read): it reads
  // the answer only once its body is out.
  drainUnreadBody(res.req);
}
