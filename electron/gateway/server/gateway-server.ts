import type { IncomingMessage, ServerResponse } from 'node:http';
import { CatalogCache } from '../catalog/catalog-cache.ts';
import type { UpstreamClient } from '../upstream/upstream-client.ts';
import type { CaptureOptions } from './capture.ts';
import { applyCors } from './cors.ts';
import { generationDeps, type GenerationSettings } from './gateway-deps.ts';
import { GracefulClose } from './graceful-close.ts';
import { handleRequest, type RequestHandling } from './handle-request.ts';
import type { WireFormat } from '../../../shared/wire-formats.ts';
import type { LocalAuthenticator, LocalClient } from './local-auth.ts';
import { createGatewayServer, listen, type ServerDeadlines } from './listen.ts';
import { isModelApiPath } from './model-api-paths.ts';
import { requestPath, toOriginForm } from './origin-form.ts';
import type { RequestRecord } from './request-record.ts';
import { answerRootProbe } from './root-probe.ts';
import { serveApp, type AppHandler } from './serve-app.ts';

export { allowedHostsFromEnv } from './listen.ts';

export interface GatewayOptions extends GenerationSettings, ServerDeadlines {
  /** Null until the user configures one: generation and discovery then answer 503. */
  upstream: UpstreamClient | null;
  auth: LocalAuthenticator;
  host?: string;
  /** 0 picks any free port. */
  port?: number;
  /** Host names accepted besides loopback names (DNS-rebinding defence). */
  allowedHosts?: readonly string[];
  catalogTtlMs?: number;
  /** Request and response bodies for the log, when the user turned it on. */
  capture?: CaptureOptions;
  /** Called once per request when it is over; must not throw or block. */
  onRecord?: (record: RequestRecord) => void;
  /** Diagnostics (stderr in the CLI). Never given secrets or bodies. */
  log?: (message: string) => void;
  /**
   * Serves what is not the model API (headless mode: the UI's files and its RPC). Called for
   * paths under no format's path prefixes; returns false to let the gateway answer 404.
   */
  appHandler?: AppHandler;
  /** Browser origins granted CORS on the model API (none by default), read per request. */
  corsOrigins?: () => readonly string[];
  /**
   * The client a format's requests without a token are taken as, where the user lets that
   * format's clients in without one; null otherwise. Read per request.
   */
  withoutToken?: (format: WireFormat) => LocalClient | null;
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

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const allowedHosts = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const log = options.log ?? (() => {});
  const catalog = new CatalogCache({
    ttlMs: options.catalogTtlMs ?? 5 * 60_000,
    minRefreshIntervalMs: 10_000,
  });
  let upstream = options.upstream;
  const deps = generationDeps(options, catalog, () => upstream);
  const server = createGatewayServer(options);
  const shutdown = new GracefulClose(server);
  const handling: RequestHandling = {
    deps,
    auth: options.auth,
    ...(options.withoutToken
      ? {
          tokenless: {
            clientOf: options.withoutToken,
            allowedOrigins: options.corsOrigins ?? (() => []),
          },
        }
      : {}),
    allowedHosts,
    capture: options.capture,
    shutdown,
    scrub: (text) => upstream?.scrub(text) ?? text,
    ledger: deps.policy?.ledger,
    onRecord: options.onRecord,
    log,
  };

  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    shutdown.track(res);
    void handleRequest(handling, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    toOriginForm(req);
    const modelApi = isModelApiPath(requestPath(req));
    const app = options.appHandler;
    // The app's page where it serves one (headless); else what a format's clients probe on `/`.
    const rest = (): void => {
      if (!answerRootProbe(req, res, allowedHosts)) answer(req, res);
    };
    if (!modelApi && app) {
      void serveApp(req, res, app, allowedHosts, log).then((served) => {
        if (!served) rest();
      });
      return;
    }
    if (!modelApi) {
      rest();
      return;
    }
    if (options.corsOrigins && applyCors(req, res, options.corsOrigins())) return;
    answer(req, res);
  });

  const at = await listen(
    server,
    options.port ?? 0,
    options.host ?? '127.0.0.1',
    allowedHosts,
    log,
  );
  return {
    ...at,
    catalog,
    setUpstream(next) {
      const previous = upstream;
      upstream = next;
      catalog.invalidate();
      // Requests already on the old client finish on it; its pool closes once they are done.
      void previous?.close();
    },
    async close(graceMs = 10_000) {
      await shutdown.close(graceMs);
      await upstream?.close();
    },
  };
}
