import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../canonical/gateway-error.ts';
import { anthropicCodec } from '../formats/anthropic/anthropic-codec.ts';
import { chatCodec } from '../formats/chat/chat-codec.ts';
import { geminiCodec } from '../formats/gemini/gemini-codec.ts';
import { replyError } from './reply-error.ts';
import type { RequestContext } from './request-context.ts';
import type { Route } from './route-table.ts';

const context = (aborted = false) =>
  ({
    signal: { aborted },
    record: { path: '/v1/chat/completions', route: 'local', errorKind: null, errorMessage: null },
  }) as unknown as Pick<RequestContext, 'signal' | 'record'>;

/** A response that keeps what was written. */
function response(
  options: {
    headersSent?: boolean;
    destroyed?: boolean;
    complete?: boolean;
    headers?: object;
  } = {},
) {
  const sent = { status: 0, headers: {} as Record<string, unknown>, body: '' };
  const res = {
    headersSent: options.headersSent ?? false,
    destroyed: options.destroyed ?? false,
    req: { headers: options.headers ?? {}, complete: options.complete ?? true },
    writeHead(status: number, headers: Record<string, unknown>) {
      sent.status = status;
      sent.headers = headers;
    },
    end(body: string) {
      sent.body = body;
    },
  } as unknown as ServerResponse;
  return { res, sent };
}

const route = (codec: typeof chatCodec): Route => ({ kind: 'generate', codec, path: {} });
const noLog = () => {};

describe('replyError', () => {
  it("answers a gateway error in the route's format and records it", () => {
    const ctx = context();
    const { res, sent } = response();
    const error = new GatewayError(429, 'Slow down.', {
      code: 'rate_limited',
      retryAfterSeconds: 3,
    });
    replyError(ctx, route(geminiCodec), res, error, noLog);
    expect(sent.status).toBe(429);
    expect(sent.headers['retry-after']).toBe('3');
    expect(JSON.parse(sent.body)).toMatchObject({ error: { status: 'RESOURCE_EXHAUSTED' } });
    expect(ctx.record).toMatchObject({
      errorKind: 'rate_limited',
      errorMessage: 'Slow down.',
      route: 'rejected',
    });
  });

  it("uses the format's own status where it differs", () => {
    const { res, sent } = response();
    const spent = new GatewayError(429, 'Budget spent.', { code: 'budget', outOfCredit: true });
    replyError(context(), route(anthropicCodec), res, spent, noLog);
    expect(sent.status).toBe(anthropicCodec.errorStatus?.(spent));
  });

  it('makes anything else a 500 whose details go to the log only', () => {
    const lines: string[] = [];
    const { res, sent } = response();
    replyError(context(), route(chatCodec), res, new Error('boom'), (line) => lines.push(line));
    expect(sent.status).toBe(500);
    expect(sent.body).not.toContain('boom');
    expect(JSON.parse(sent.body)).toMatchObject({ error: { code: 'internal_error' } });
    expect(lines[0]).toMatch(/^internal error on \/v1\/chat\/completions: Error: boom/);
  });

  it('reads on, after answering, a body that was not read whole, and keeps the connection', () => {
    const body = Object.assign(new PassThrough(), {
      complete: false,
      headers: {},
      socket: Object.assign(new EventEmitter(), { destroy: () => undefined }),
    });
    const { res, sent } = response();
    (res as unknown as { req: unknown }).req = body;
    replyError(context(), route(chatCodec), res, new GatewayError(413, 'Too big.'), noLog);
    expect(sent.status).toBe(413);
    expect(sent.headers.connection).toBeUndefined();
    // The rest of the body is taken off the wire (and thrown away), so the client, still
    // sending, gets to read the answer.
    expect(body.readableFlowing).toBe(true);
    expect(body.listenerCount('data')).toBe(1);
    body.end();
  });

  it('answers a shared discovery path in the shape its client announced', () => {
    const { res, sent } = response({ headers: { 'anthropic-version': '2023-06-01' } });
    const listModels: Route = { kind: 'list-models', codec: undefined };
    replyError(context(), listModels, res, new GatewayError(502, 'Upstream down.'), noLog);
    expect(JSON.parse(sent.body)).toMatchObject({
      type: 'error',
      error: { message: 'Upstream down.' },
    });
  });

  it("ends a stream already under way with the format's in-stream error", () => {
    const { res, sent } = response({ headersSent: true });
    replyError(context(), route(chatCodec), res, new GatewayError(502, 'Cut.'), noLog);
    expect(sent.status).toBe(0);
    expect(sent.body).toBe(chatCodec.streamError(new GatewayError(502, 'Cut.'), 0));
  });

  it('writes nothing to a client that has gone', () => {
    for (const [ctx, options] of [
      [context(true), {}],
      [context(), { destroyed: true }],
    ] as const) {
      const { res, sent } = response(options);
      replyError(ctx, route(chatCodec), res, new GatewayError(500, 'x'), noLog);
      expect(sent).toEqual({ status: 0, headers: {}, body: '' });
    }
  });
});
