import { randomUUID } from 'node:crypto';
import { parseModelList } from '../gateway/catalog/parse-model-list.ts';
import { loadCatalog } from '../gateway/catalog/load-catalog.ts';
import { UpstreamClient } from '../gateway/upstream/upstream-client.ts';
import { upstreamTimeoutsFromEnv } from '../gateway/upstream/upstream-timeouts.ts';
import { createKeychain } from '../secrets/keychain.ts';
import { UpstreamKeyStore } from '../secrets/upstream-key.ts';
import { resolveUpstream } from '../services/resolve-upstream.ts';
import { appCatalogSources } from '../services/start-app-gateway.ts';
import type { Store } from '../store/index.ts';

/** A command waits this long for the upstream's model list before going on without it. */
const LIVE_CATALOG_WAIT_MS = 10_000;

/** The catalog's model ids, and where they come from; or why there are none to check against. */
export type CatalogIds =
  { ids: ReadonlySet<string>; source: string } | { ids: null; reason: string };

const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * The model ids of the upstream in use (environment or the active profile's key), for checks
 * that are worth doing but not worth failing over: the latest catalog snapshot the app saved
 * for that key, else (with `live`) the upstream's own list, as `connect` asks it. Never throws.
 */
export async function catalogIds(store: Store, options: { live: boolean }): Promise<CatalogIds> {
  let client: UpstreamClient;
  try {
    const upstream = await resolveUpstream({
      env: process.env,
      store,
      keys: () => new UpstreamKeyStore(createKeychain()),
    });
    client = new UpstreamClient({
      baseUrl: upstream.baseUrl,
      apiKey: upstream.key,
      pricingUrl: upstream.pricingUrl,
      ...upstreamTimeoutsFromEnv(process.env),
    });
  } catch (error) {
    return { ids: null, reason: reasonOf(error) };
  }
  try {
    const snapshot = store.catalogSnapshots.latest(await client.keyId());
    if (snapshot) {
      const ids = new Set(parseModelList(snapshot.models).map((m) => m.id));
      const when = new Date(snapshot.fetchedAt).toISOString().replace('T', ' ').slice(0, 16);
      return { ids, source: `the catalog as saved at ${when} UTC` };
    }
    if (!options.live) return { ids: null, reason: 'no catalog has been saved for this key yet' };
    const models = await loadCatalog(
      client,
      randomUUID(),
      appCatalogSources(store),
      AbortSignal.timeout(LIVE_CATALOG_WAIT_MS),
    );
    return { ids: new Set(models.map((m) => m.id)), source: `the catalog of ${client.baseUrl}` };
  } catch (error) {
    return { ids: null, reason: reasonOf(error) };
  } finally {
    await client.close();
  }
}
