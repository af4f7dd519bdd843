import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { endStreamWithError } from './end-stream-with-error.ts';
import type { AddressInfo } from 'node:net';
import { CatalogCache } from '../catalog/catalog-cache.ts';
import type { CatalogSources } from '../catalog/load-catalog.ts';
import type { OpaqueStateStore, ResponseStore } from '../canonical/conversion-context.ts';
import { memoryResponseStore, memoryStateStore } from '../canonical/memory-stores.ts';
import type { FormatCodec, TokenSource } from '../canonical/format-codec.ts';
import { ALL_TOKEN_SOURCES, CODEC_LIST, DEFAULT_CODEC } from '../formats/codecs.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../upstream/retry-policy.ts';
import type { UpstreamClient } from '../upstream/upstream-client.ts';
import { buildCapture, teeResponse, type CaptureOptions } from './capture.ts';
import { answerClientError } from './client-error.ts';
import { applyCors } from './cors.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { currentCatalog, findModel } from './catalog-lookup.ts';
import { handleGeneration, type GenerationDeps } from './handle-generation.ts';
import type { GatewayPolicy } from '../policy/gateway-policy.ts';
import { allowedFor, withRoutes } from './route-entries.ts';
import { modelListBody, singleModelBody } from './handle-models.ts';
import type { RequestHeaders } from '../canonical/format-codec.ts';
import { isAllowedHost } from './host-check.ts';
import { presentedToken, type LocalAuthenticator } from './local-auth.ts';
import { RequestContext } from './request-context.ts';
import type { RequestRecord } from './request-record.ts';
import { handleCountTokens } from './handle-count-tokens.ts';
import { handleReadAnswer } from './handle-read-answer.ts';
import { matchRoute, type Route } from './route-table.ts';
import { sendJson } from './send-json.ts';

export interface GatewayOptions {
  /** Null until the user configures one: generation and discovery then answer 503. */
  upstream: UpstreamClient | null;
  auth: LocalAuthenticator;
  host?: string;
  /** 0 picks any free port. */
  port?: number;
  /** Host names accepted besides loopback names (DNS-rebinding defence). */
  allowedHosts?: readonly string[];
  maxBodyBytes?: number;
  /**
   * Node's own deadlines for a whole request (default 120 s) and for its headers (30 s); they
   * bound every route, the app's included. Answered with a JSON 408.
   */
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
  /** Longest time a client may take to send a request body (default 60 s); then a 408. */
  clientBodyTimeoutMs?: number;
  retry?: RetryPolicy;
  catalogTtlMs?: number;
  /** Pricing group and user overrides applied to the catalog. */
  catalogSources?: CatalogSources;
  /** Where translation keeps state between turns; in memory unless given. */
  state?: OpaqueStateStore;
  responses?: ResponseStore;
  /** Request and response bodies for the log, when the user turned it on. */
  capture?: CaptureOptions;
  /** Called once per request when it is over; must not throw or block. */
  onRecord?: (record: RequestRecord) => void;
  /** Diagnostics (stderr in the CLI). Never given secrets or bodies. */
  log?: (message: string) => void;
  /**
   * Serves what is not the model API (headless mode: the UI's files and its RPC). Called for
   * paths outside `/v1` and `/v1beta`; returns false to let the gateway answer 404.
   */
  appHandler?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /** Browser origins granted CORS on the model API (none by default), read per request. */
  corsOrigins?: () => readonly string[];
  /** The person's model routes and per-token limits (none without it). */
  policy?: GatewayPolicy;
}

export interface RunningGateway {
  url: string;
  host: string;
  port: number;
  catalog: CatalogCache;
  /** Switches to another upstream (or none) without restarting the listener. */
  setUpstream(upstream: UpstreamClient | null): void;
  /** Stops accepting, lets requests in flight finish for up to `graceMs`, then cuts the rest. */
  close(graceMs?: number): Promise<void>;
}

/** Addresses that bind every interface. */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '::0', '0:0:0:0:0:0:0:0']);

/** Extra Host names to answer (comma-separated), for a gateway reached over the network. */
const ALLOWED_HOSTS_ENV = 'MODEL_GATEWAY_ALLOWED_HOSTS';

/** The names in `MODEL_GATEWAY_ALLOWED_HOSTS`, lower-cased, ports and blanks dropped. */
export function allowedHostsFromEnv(env: NodeJS.ProcessEnv): string[] {
  return (env[ALLOWED_HOSTS_ENV] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.length > 0);
}

const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
const DEFAULT_CLIENT_BODY_TIMEOUT_MS = 60_000;
const CLIENT_CLOSED_REQUEST = 499;

const SHUTTING_DOWN = new GatewayError(
  503,
  'The gateway is shutting down; the answer was cut at its grace period. Send the request again.',
  { code: 'shutting_down' },
);
/** How long the shutdown's last records get to go out before the connections are closed. */
const SHUTDOWN_FLUSH_MS = 200;

const MISSING_HOST = 'The request has no Host header, which HTTP/1.1 requires.';

/**
 * An absolute-form target (`GET http://host/path`, as sent to proxies) is made origin-form, and
 * its authority becomes the Host (RFC 9112 §3.2.2), so routing, logging and the Host check see
 * the path and the real target, never the whole URL (which may carry `?key=`).
 */
function toOriginForm(req: IncomingMessage): void {
  const target = req.url ?? '/';
  if (target.startsWith('/') || target === '*') return;
  try {
    const url = new URL(target);
    req.url = `${url.pathname}${url.search}`;
    req.headers.host = url.host;
  } catch {
    req.url = '/';
  }
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const catalog = new CatalogCache({
    ttlMs: options.catalogTtlMs ?? 5 * 60_000,
    minRefreshIntervalMs: 10_000,
  });
  let upstream = options.upstream;
  const deps: GenerationDeps = {
    upstream: () => {
      if (upstream) return upstream;
      throw new GatewayError(
        503,
        'No upstream is configured yet. Add an upstream profile and its key in the app (or run `model-gateway key set`).',
        {
          code: 'upstream_not_configured',
        },
      );
    },
    catalog,
    catalogSources: options.catalogSources ?? {},
    retry: options.retry ?? DEFAULT_RETRY_POLICY,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    clientBodyTimeoutMs: options.clientBodyTimeoutMs ?? DEFAULT_CLIENT_BODY_TIMEOUT_MS,
    state: options.state ?? memoryStateStore(),
    responses: options.responses ?? memoryResponseStore(),
    policy: options.policy ?? null,
  };
  const log = options.log ?? (() => {});
  const inFlight = new Set<ServerResponse>();
  /** Each generation answer's client format and record, to end a stream in that format. */
  const generations = new WeakMap<ServerResponse, { codec: FormatCodec; record: RequestRecord }>();

  /** Ends a stream in flight with the format's error record; false if it is not a stream. */
  const endStreamForShutdown = (res: ServerResponse): boolean => {
    const generation = generations.get(res);
    if (!generation?.record.stream || !res.headersSent || res.writableEnded) return false;
    const { codec } = generation;
    // The flow still running may write once more before it sees the end: that is expected.
    res.on('error', () => {});
    // A blank line first: the last record sent may be unfinished; an extra one is harmless.
    // Once it is out, the connection goes, which stops the flow and its upstream call.
    res.end(`\n\n${codec.streamError(SHUTTING_DOWN, 0)}`, () => res.destroy());
    return true;
  };
  let closing = false;

  const requestTimeout = options.requestTimeoutMs ?? 120_000;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? 30_000, requestTimeout);
  const server: Server = createServer(
    {
      requestTimeout,
      headersTimeout,
      // Node checks these deadlines on an interval; short timeouts need a short interval.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, headersTimeout / 4)),
      // Node's own answer to a Host-less request is a bare 400; the gateway answers it in JSON.
      requireHostHeader: false,
    },
    (req, res) => {
      toOriginForm(req);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const modelApi = path === '/v1' || path.startsWith('/v1/') || path.startsWith('/v1beta');
      if (!modelApi && options.appHandler) {
        void serveApp(req, res, options.appHandler);
        return;
      }
      if (modelApi && options.corsOrigins && applyCors(req, res, options.corsOrigins())) return;
      inFlight.add(res);
      res.once('close', () => {
        inFlight.delete(res);
        // While shutting down, a keep-alive connection that just went idle is closed at once.
        if (closing) setImmediate(() => server.closeIdleConnections());
      });
      void handle(req, res);
    },
  );

  server.on('clientError', answerClientError);

  /** The UI's files and RPC (headless mode), behind the same Host check as the API. */
  async function serveApp(
    req: IncomingMessage,
    res: ServerResponse,
    appHandler: NonNullable<GatewayOptions['appHandler']>,
  ): Promise<void> {
    try {
      if (req.headers.host === undefined) {
        sendJson(res, 400, { error: { message: MISSING_HOST, code: 'missing_host' } });
        return;
      }
      if (!isAllowedHost(req.headers.host, allowedHosts)) {
        sendJson(res, 403, {
          error: {
            message: 'Host not allowed: the app answers loopback names only.',
            code: 'host_not_allowed',
          },
        });
        return;
      }
      if (await appHandler(req, res)) return;
    } catch (error) {
      log(
        `app handler failed on ${req.url ?? ''}: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (!res.headersSent)
        sendJson(res, 500, { error: { message: 'Internal error.', code: 'internal_error' } });
      else res.destroy();
      return;
    }
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    await handle(req, res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const ctx = new RequestContext(req, res);
    // Every answer carries the id, whichever flow writes it.
    res.setHeader('x-request-id', ctx.id);
    const url = new URL(req.url ?? '/', 'http://gateway.invalid');
    const route = matchRoute(req.method ?? 'GET', url.pathname, url.searchParams);
    if (route.kind === 'generate') {
      ctx.record.clientFormat = route.codec.format;
      generations.set(res, { codec: route.codec, record: ctx.record });
    }
    const capture = options.capture?.enabled() ? options.capture : null;
    const captured = capture ? teeResponse(res, capture.maxBytes) : null;
    try {
      if (req.headers.host === undefined)
        throw new GatewayError(400, MISSING_HOST, { code: 'missing_host' });
      if (!isAllowedHost(req.headers.host, allowedHosts)) {
        throw new GatewayError(
          403,
          `Host '${req.headers.host ?? ''}' is not allowed: the gateway answers loopback names only.`,
          {
            code: 'host_not_allowed',
          },
        );
      }
      if (route.kind === 'error') throw route.error;
      // A generation route takes the token where its format's clients put it; the rest are
      // called by every client, so any format's place will do.
      const sources =
        route.kind === 'generate' || route.kind === 'count-tokens'
          ? route.codec.tokenSources
          : ALL_TOKEN_SOURCES;
      const token = presentedToken(req.headers, url.searchParams, sources);
      if (!token)
        throw new GatewayError(
          401,
          'Missing local access token. Send it as "Authorization: Bearer <token>".',
          { code: 'missing_token' },
        );
      const client = options.auth.verify(token.token);
      if (!client)
        throw new GatewayError(401, 'Invalid local access token.', { code: 'invalid_token' });
      ctx.record.client = client.name;
      ctx.record.clientTokenId = client.tokenId ?? null;

      if (route.kind === 'generate') {
        await handleGeneration(deps, ctx, route, req, res);
      } else if (route.kind === 'count-tokens') {
        await handleCountTokens(deps, ctx, route.codec, route.counting, req, res);
      } else if (route.kind === 'read-answer') {
        await handleReadAnswer(deps, ctx, route.codec, route.id, res);
      } else {
        await answerDiscovery(ctx, route, discoveryCodec(route.codec, req.headers, token.via), res);
      }
    } catch (error) {
      replyError(ctx, route, res, error);
    } finally {
      await ctx.whenClosed();
      // Last line of defence for the upstream key: whatever an upstream quoted into an error
      // message or a captured answer is scrubbed before the record is written anywhere.
      const scrub = (text: string): string => upstream?.scrub(text) ?? text;
      if (ctx.record.errorMessage) ctx.record.errorMessage = scrub(ctx.record.errorMessage);
      if (capture && captured)
        ctx.record.capture = buildCapture(capture, req.headers, ctx.requestBody, scrub(captured()));
      // A client that left before any answer was sent got no status: log nginx's 499
      // (client closed request) rather than the 200 Node presets.
      const record = ctx.finish(
        ctx.record.cancelled && !res.headersSent ? CLIENT_CLOSED_REQUEST : res.statusCode,
      );
      // The per-minute counters are freed of what the request held beyond its tokens; its
      // budget share stays held until its row, with the metered cost, is written.
      if (record.limitHold) {
        const usage = record.usage;
        deps.policy?.ledger.release(record.limitHold, {
          tokens: usage ? usage.inputTokens + usage.outputTokens : 0,
        });
      }
      try {
        options.onRecord?.(record);
      } catch (error) {
        log(`request record hook failed: ${String(error)}`);
      }
    }
  }

  async function answerDiscovery(
    ctx: RequestContext,
    route: Extract<Route, { kind: 'list-models' | 'get-model' }>,
    codec: FormatCodec,
    res: ServerResponse,
  ): Promise<void> {
    const tokenId = ctx.record.clientTokenId;
    const limits = tokenId === null ? undefined : deps.policy?.limits(tokenId);
    const routes = deps.policy?.routes() ?? [];
    if (route.kind === 'get-model') {
      const { models } = await currentCatalog(deps, ctx);
      const listed = withRoutes(models, routes).find((model) => model.id === route.model);
      const model =
        listed ??
        (await findModel(deps, ctx, route.model).catch((error: unknown) => {
          if (error instanceof GatewayError && error.status === 404) return undefined;
          throw error;
        }));
      const allowed = model && allowedFor([model], limits)[0];
      sendJson(res, 200, singleModelBody(allowed, route.model, codec));
      return;
    }
    const { models } = await currentCatalog(deps, ctx);
    sendJson(res, 200, modelListBody(allowedFor(withRoutes(models, routes), limits), codec));
  }

  function replyError(
    ctx: RequestContext,
    route: Route,
    res: ServerResponse,
    error: unknown,
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
    // The rest of an unread body would otherwise be parsed as the next request on this connection.
    if (!res.req.complete) headers.connection = 'close';
    const status = codec.errorStatus?.(gatewayError) ?? gatewayError.status;
    sendJson(res, status, codec.errorBody(gatewayError), headers);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const everyInterface = WILDCARD_ADDRESSES.has(address.address);
  // A wildcard address is no place to connect to (and its Host would be refused): show loopback.
  const shownHost = everyInterface
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  if (everyInterface) {
    const names = [...allowedHosts];
    log(
      `WARNING: listening on every interface (${address.address}): the model API is reachable ` +
        `from the network, guarded by local tokens only, over plain http. Host names answered: ` +
        `loopback names${names.length > 0 ? `, ${names.join(', ')}` : ' only (others get 403)'}; ` +
        `allow more with ${ALLOWED_HOSTS_ENV}=name,name.`,
    );
  }

  return {
    url: `http://${shownHost}:${address.port}`,
    host: address.address,
    port: address.port,
    catalog,
    setUpstream(next) {
      const previous = upstream;
      upstream = next;
      catalog.invalidate();
      // Requests already on the old client finish on it; its pool closes once they are done.
      void previous?.close();
    },
    async close(graceMs = 10_000) {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // At the deadline a stream still going is told why it ends, in its format, rather than
      // cut by a reset; the connections are closed a moment later, once that has gone out.
      let cut: NodeJS.Timeout | undefined;
      const deadline = setTimeout(() => {
        for (const res of inFlight) if (!endStreamForShutdown(res)) res.destroy();
        cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_FLUSH_MS);
      }, graceMs);
      await closed;
      clearTimeout(deadline);
      clearTimeout(cut);
      await upstream?.close();
    },
  };
}

/**
 * The format a discovery answer is shaped for: the path's own, or on a shared path the format
 * whose clients authenticate or announce themselves this way; else the default.
 */
function discoveryCodec(
  own: FormatCodec | undefined,
  headers: RequestHeaders,
  via: TokenSource | 'bearer',
): FormatCodec {
  return own ?? CODEC_LIST.find((codec) => codec.discovery.claims(headers, via)) ?? DEFAULT_CODEC;
}
