import type { IncomingHttpHeaders } from 'node:http';
import type { CatalogSources } from '../gateway/catalog/load-catalog.ts';
import {
  allowedHostsFromEnv,
  startGateway,
  type GatewayOptions,
  type RunningGateway,
} from '../gateway/server/gateway-server.ts';
import {
  anyOf,
  singleTokenAuthenticator,
  type LocalAuthenticator,
  type LocalClient,
} from '../gateway/server/local-auth.ts';
import {
  CLIENT_WITHOUT_TOKEN,
  TOKENLESS_FORMATS,
  type WireFormat,
} from '../../shared/wire-formats.ts';
import { UpstreamClient } from '../gateway/upstream/upstream-client.ts';
import { upstreamTimeoutsFromEnv } from '../gateway/upstream/upstream-timeouts.ts';
import { redact, redactHeaders } from '../secrets/redact.ts';
import {
  openStore,
  startRetention,
  storePolicy,
  tokenAuthenticator,
  type Store,
} from '../store/index.ts';

export interface AppGatewayOptions {
  /** The app's store; the app gateway closes it when it closes. */
  store: Store;
  host: string;
  port: number;
  upstream: { baseUrl: string; pricingUrl: string | null; key: () => Promise<string> };
  /** A token from the environment, accepted besides the stored ones and never stored. */
  envToken?: string;
  /** Host names answered besides loopback names; default `MODEL_GATEWAY_ALLOWED_HOSTS`. */
  allowedHosts?: readonly string[];
  log: (line: string) => void;
}

/** One listener of the app's gateway on the app's store; the store stays open when it closes. */
export interface AppListenerOptions {
  store: Store;
  host: string;
  port: number;
  /** Null until the user configures an upstream (requests then get 503). */
  upstream: UpstreamClient | null;
  /** A token from the environment, accepted besides the stored ones and never stored. */
  envToken?: string;
  /**
   * The app's own token (its Chat page calls the gateway like any tool): accepted besides the
   * stored ones, never stored, logged under `name`.
   */
  internalToken?: { token: string; name: string };
  /**
   * Host names answered besides loopback names, for a gateway reached over the network
   * (`--host 0.0.0.0`). Default: `MODEL_GATEWAY_ALLOWED_HOSTS` (comma-separated).
   */
  allowedHosts?: readonly string[];
  appHandler?: GatewayOptions['appHandler'];
  corsOrigins?: GatewayOptions['corsOrigins'];
  log: (line: string) => void;
}

export interface AppGateway {
  gateway: RunningGateway;
  store: Store;
  /** A token created because none existed: shown once, then only its hash is kept. */
  createdToken: string | null;
  close(graceMs?: number): Promise<void>;
}

/** Our own local tokens, so a captured body that quotes one does not keep it. */
const LOCAL_TOKEN = /mgw_[A-Za-z0-9_-]{16,}/g;

/** Setting names shared with the app's settings service. */
export const SETTINGS = {
  captureBodies: 'captureBodies',
  captureMaxBytes: 'captureMaxBytes',
  retentionDays: 'retentionDays',
  retentionRows: 'retentionRows',
  pricingGroup: 'pricingGroup',
  clientsWithoutToken: 'clientsWithoutToken',
  allowedOrigins: 'allowedOrigins',
} as const;

export const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** The formats whose clients may come without a token, as the setting keeps them. */
export const isTokenlessList = (value: unknown): value is WireFormat[] =>
  Array.isArray(value) && value.every((v) => TOKENLESS_FORMATS.includes(v as WireFormat));

/**
 * The client a format's requests without a token are taken as, while the user lets that
 * format's clients in without one (Settings); null otherwise. Read per request, so switching it
 * off takes effect at once, for the app and for `serve` on the same data dir.
 */
function clientWithoutToken(store: Store, format: WireFormat): LocalClient | null {
  const name = CLIENT_WITHOUT_TOKEN[format];
  if (name === undefined) return null;
  const allowed = store.settings.get(SETTINGS.clientsWithoutToken, [], isTokenlessList);
  if (!allowed.includes(format)) return null;
  const client = store.tokens.withoutToken(format, name);
  if (client.tokenId !== undefined) store.tokens.touch(client.tokenId);
  return client;
}

/** Opens the store with log-write failures reported, not thrown into requests. */
export function openAppStore(dataDir: string, log: (line: string) => void): Store {
  return openStore(dataDir, {
    onLogError: (error) =>
      log(`request log write failed: ${error instanceof Error ? error.message : String(error)}`),
  });
}

/** The pricing group and the user's overrides, as every catalog load of the app applies them. */
export function appCatalogSources(store: Store): CatalogSources {
  return {
    pricingGroup: store.settings.get(SETTINGS.pricingGroup, 'default'),
    overrides: () => new Map(store.modelOverrides.list().map((o) => [o.modelId, o])),
  };
}

/** Log retention with the limits in the settings; stop and start again to apply new ones. */
export function startAppRetention(store: Store, log: (line: string) => void): () => void {
  return startRetention(store, {
    maxAgeDays: store.settings.get(SETTINGS.retentionDays, 90),
    maxRows: store.settings.get(SETTINGS.retentionRows, 1_000_000),
    intervalMs: 10 * 60_000,
    onError: (error) => log(`log retention failed: ${String(error)}`),
  });
}

/**
 * A gateway listener wired to the app's store: tokens, log, translation state, overrides and
 * capture settings. Closing it leaves the store open, so the app can move to another port.
 */
export async function startAppListener(options: AppListenerOptions): Promise<RunningGateway> {
  const store = options.store;
  const stored = tokenAuthenticator(store.tokens, (error) =>
    options.log(`token check failed: ${String(error)}`),
  );
  const extra: LocalAuthenticator[] = [];
  if (options.envToken) extra.push(singleTokenAuthenticator(options.envToken, 'env'));
  if (options.internalToken)
    extra.push(singleTokenAuthenticator(options.internalToken.token, options.internalToken.name));
  const auth: LocalAuthenticator = extra.length > 0 ? anyOf(...extra, stored) : stored;
  const loopback = ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(options.host);
  const settings = store.settings;
  return startGateway({
    upstream: options.upstream,
    auth,
    host: options.host,
    port: options.port,
    allowedHosts: [
      ...(loopback ? [] : [options.host]),
      ...(options.allowedHosts ?? allowedHostsFromEnv(process.env)),
    ],
    state: store.opaqueState,
    responses: store.responses,
    catalogSources: appCatalogSources(store),
    capture: {
      enabled: () => settings.get(SETTINGS.captureBodies, false),
      maxBytes: settings.get(SETTINGS.captureMaxBytes, 64 * 1024),
      redactText: (text) => redact(text).replace(LOCAL_TOKEN, '[REDACTED]'),
      redactHeaders: (headers: IncomingHttpHeaders) => stringHeaders(redactHeaders(headers)),
    },
    policy: storePolicy(store),
    onRecord: (record) => store.logWriter.enqueue(record),
    ...(options.appHandler ? { appHandler: options.appHandler } : {}),
    // The store's setting, so `serve` grants the origins the app's Settings allowed.
    corsOrigins:
      options.corsOrigins ?? (() => settings.get(SETTINGS.allowedOrigins, [], isStringList)),
    withoutToken: (format) => clientWithoutToken(store, format),
    log: options.log,
  });
}

/** The gateway as `serve` runs it: with the store for tokens, logs, state, overrides and settings. */
export async function startAppGateway(options: AppGatewayOptions): Promise<AppGateway> {
  const store = options.store;
  let createdToken: string | null = null;
  const active = store.tokens.list().filter((t) => t.revokedAt === null);
  if (!options.envToken && active.length === 0) createdToken = store.tokens.create('default').token;

  let gateway: RunningGateway;
  try {
    gateway = await startAppListener({
      store,
      host: options.host,
      port: options.port,
      upstream: new UpstreamClient({
        baseUrl: options.upstream.baseUrl,
        apiKey: options.upstream.key,
        pricingUrl: options.upstream.pricingUrl,
        ...upstreamTimeoutsFromEnv(process.env),
      }),
      ...(options.envToken ? { envToken: options.envToken } : {}),
      ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
      log: options.log,
    });
  } catch (error) {
    store.close();
    throw error;
  }
  const stopRetention = startAppRetention(store, options.log);

  return {
    gateway,
    store,
    createdToken,
    async close(graceMs = 10_000) {
      await gateway.close(graceMs);
      stopRetention();
      store.close();
    },
  };
}

function stringHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
