import type { IncomingHttpHeaders } from 'node:http';
import { startGateway, type RunningGateway } from '../gateway/server/gateway-server.ts';
import {
  anyOf,
  singleTokenAuthenticator,
  type LocalAuthenticator,
} from '../gateway/server/local-auth.ts';
import { UpstreamClient } from '../gateway/upstream/upstream-client.ts';
import { redact, redactHeaders } from '../secrets/redact.ts';
import { openStore, startRetention, tokenAuthenticator, type Store } from '../store/index.ts';

export interface AppGatewayOptions {
  /** The app's store; the app gateway closes it when it closes. */
  store: Store;
  host: string;
  port: number;
  upstream: { baseUrl: string; pricingUrl: string | null; key: () => Promise<string> };
  /** A token from the environment, accepted besides the stored ones and never stored. */
  envToken?: string;
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

const SETTINGS = {
  captureBodies: 'captureBodies',
  captureMaxBytes: 'captureMaxBytes',
  retentionDays: 'retentionDays',
  retentionRows: 'retentionRows',
  pricingGroup: 'pricingGroup',
} as const;

/** Opens the store with log-write failures reported, not thrown into requests. */
export function openAppStore(dataDir: string, log: (line: string) => void): Store {
  return openStore(dataDir, {
    onLogError: (error) =>
      log(`request log write failed: ${error instanceof Error ? error.message : String(error)}`),
  });
}

/** The gateway as the app runs it: with the store for tokens, logs, state, overrides and settings. */
export async function startAppGateway(options: AppGatewayOptions): Promise<AppGateway> {
  const store = options.store;
  let createdToken: string | null = null;
  const active = store.tokens.list().filter((t) => t.revokedAt === null);
  if (!options.envToken && active.length === 0) createdToken = store.tokens.create('default').token;

  const stored = tokenAuthenticator(store.tokens, (error) =>
    options.log(`token check failed: ${String(error)}`),
  );
  const auth: LocalAuthenticator = options.envToken
    ? anyOf(singleTokenAuthenticator(options.envToken, 'env'), stored)
    : stored;
  const loopback = ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(options.host);
  const settings = store.settings;

  let gateway: RunningGateway;
  try {
    gateway = await startGateway({
      upstream: new UpstreamClient({
        baseUrl: options.upstream.baseUrl,
        apiKey: options.upstream.key,
        pricingUrl: options.upstream.pricingUrl,
      }),
      auth,
      host: options.host,
      port: options.port,
      allowedHosts: loopback ? [] : [options.host],
      state: store.opaqueState,
      responses: store.responses,
      catalogSources: {
        pricingGroup: settings.get(SETTINGS.pricingGroup, 'default'),
        overrides: () => new Map(store.modelOverrides.list().map((o) => [o.modelId, o])),
      },
      capture: {
        enabled: () => settings.get(SETTINGS.captureBodies, false),
        maxBytes: settings.get(SETTINGS.captureMaxBytes, 64 * 1024),
        redactText: (text) => redact(text).replace(LOCAL_TOKEN, '[REDACTED]'),
        redactHeaders: (headers: IncomingHttpHeaders) => stringHeaders(redactHeaders(headers)),
      },
      onRecord: (record) => store.logWriter.enqueue(record),
      log: options.log,
    });
  } catch (error) {
    store.close();
    throw error;
  }
  const stopRetention = startRetention(store, {
    maxAgeDays: settings.get(SETTINGS.retentionDays, 90),
    maxRows: settings.get(SETTINGS.retentionRows, 1_000_000),
    intervalMs: 10 * 60_000,
    onError: (error) => options.log(`log retention failed: ${String(error)}`),
  });

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
