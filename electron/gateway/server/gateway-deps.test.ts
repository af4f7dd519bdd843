import { describe, expect, it } from 'vitest';
import { CatalogCache } from '../catalog/catalog-cache.ts';
import type { UpstreamClient } from '../upstream/upstream-client.ts';
import { DEFAULT_RETRY_POLICY } from '../upstream/retry-policy.ts';
import { generationDeps } from './gateway-deps.ts';

const catalog = new CatalogCache({ ttlMs: 1_000, minRefreshIntervalMs: 0 });

describe('generationDeps', () => {
  it('fills in the defaults', () => {
    const deps = generationDeps({}, catalog, () => null);
    expect(deps).toMatchObject({
      catalog,
      catalogSources: {},
      retry: DEFAULT_RETRY_POLICY,
      maxBodyBytes: 32 * 1024 * 1024,
      clientBodyTimeoutMs: 60_000,
      policy: null,
    });
    expect(deps.state).toBeDefined();
    expect(deps.responses).toBeDefined();
  });

  it('asks for the upstream on every call, and answers 503 while there is none', () => {
    let current: UpstreamClient | null = null;
    const deps = generationDeps({ maxBodyBytes: 10 }, catalog, () => current);
    expect(deps.maxBodyBytes).toBe(10);
    expect(() => deps.upstream()).toThrow(
      expect.objectContaining({ status: 503, code: 'upstream_not_configured' }),
    );
    current = { baseUrl: 'http://up' } as UpstreamClient;
    expect(deps.upstream()).toBe(current);
  });
});
