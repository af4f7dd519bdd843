import type { CatalogCache } from '../catalog/catalog-cache.ts';
import type { CatalogSources } from '../catalog/load-catalog.ts';
import type { OpaqueStateStore, ResponseStore } from '../canonical/conversion-context.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import { memoryResponseStore, memoryStateStore } from '../canonical/memory-stores.ts';
import type { GatewayPolicy } from '../policy/gateway-policy.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../upstream/retry-policy.ts';
import type { UpstreamClient } from '../upstream/upstream-client.ts';
import type { GenerationDeps } from './handle-generation.ts';

/** What the request handlers are given, each with its default. */
export interface GenerationSettings {
  maxBodyBytes?: number;
  /** Longest time a client may take to send a request body (default 60 s); then a 408. */
  clientBodyTimeoutMs?: number;
  retry?: RetryPolicy;
  /** Pricing group and user overrides applied to the catalog. */
  catalogSources?: CatalogSources;
  /** Where translation keeps state between turns; in memory unless given. */
  state?: OpaqueStateStore;
  responses?: ResponseStore;
  /** The person's model routes and per-token limits (none without it). */
  policy?: GatewayPolicy;
}

const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
const DEFAULT_CLIENT_BODY_TIMEOUT_MS = 60_000;

const NO_UPSTREAM = (): GatewayError =>
  new GatewayError(
    503,
    'No upstream is configured yet. Add an upstream profile and its key in the app (or run `model-gateway key set`).',
    { code: 'upstream_not_configured' },
  );

/**
 * The request handlers' dependencies, defaults filled in. `upstream` is asked anew on every
 * call, so switching upstreams needs no restart; while there is none, a call answers 503.
 */
export function generationDeps(
  settings: GenerationSettings,
  catalog: CatalogCache,
  upstream: () => UpstreamClient | null,
): GenerationDeps {
  return {
    upstream: () => {
      const current = upstream();
      if (current) return current;
      throw NO_UPSTREAM();
    },
    catalog,
    catalogSources: settings.catalogSources ?? {},
    retry: settings.retry ?? DEFAULT_RETRY_POLICY,
    maxBodyBytes: settings.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    clientBodyTimeoutMs: settings.clientBodyTimeoutMs ?? DEFAULT_CLIENT_BODY_TIMEOUT_MS,
    state: settings.state ?? memoryStateStore(),
    responses: settings.responses ?? memoryResponseStore(),
    policy: settings.policy ?? null,
  };
}
