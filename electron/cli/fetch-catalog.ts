import { randomUUID } from 'node:crypto';
import type { CatalogModel } from '../gateway/catalog/catalog-model.ts';
import { loadCatalog } from '../gateway/catalog/load-catalog.ts';
import { UpstreamClient } from '../gateway/upstream/upstream-client.ts';
import { upstreamTimeoutsFromEnv } from '../gateway/upstream/upstream-timeouts.ts';
import { createKeychain } from '../secrets/keychain.ts';
import { UpstreamKeyStore } from '../secrets/upstream-key.ts';
import { resolveUpstream, UpstreamNotConfiguredError } from '../services/resolve-upstream.ts';
import { appCatalogSources } from '../services/start-app-gateway.ts';
import type { Store } from '../store/index.ts';
import { UsageError } from './usage-error.ts';

/**
 * The catalog as the app would load it (environment or the active profile's keychain key, with
 * the user's overrides), for a command that needs a model and was given none. `hint` says what
 * the user can give instead when there is no upstream to ask.
 */
export async function fetchCatalog(store: Store, hint: string): Promise<CatalogModel[]> {
  let upstream;
  try {
    upstream = await resolveUpstream({
      env: process.env,
      store,
      keys: () => new UpstreamKeyStore(createKeychain()),
    });
  } catch (error) {
    if (error instanceof UpstreamNotConfiguredError)
      throw new UsageError(`${hint} (No catalog to choose from: ${error.message})`);
    throw error;
  }
  const client = new UpstreamClient({
    baseUrl: upstream.baseUrl,
    apiKey: upstream.key,
    pricingUrl: upstream.pricingUrl,
    ...upstreamTimeoutsFromEnv(process.env),
  });
  try {
    return await loadCatalog(client, randomUUID(), appCatalogSources(store));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${hint} (The catalog could not be loaded: ${reason})`);
  } finally {
    await client.close();
  }
}
