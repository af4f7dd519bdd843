import type { GatewayPolicy } from '../gateway/policy/gateway-policy.ts';
import type { ModelRoute } from '../gateway/policy/model-route.ts';
import type { Store } from './open-store.ts';

/**
 * The gateway's policy over the store: routes and limits from the repositories' in-memory
 * caches (refilled when another process writes), the ledger shared on the data dir, the store's
 * clock.
 */
export function storePolicy(store: Store): GatewayPolicy {
  return {
    route: (name) => store.modelRoutes.resolve(name),
    routes: () =>
      store.modelRoutes
        .list()
        .map((stored) => store.modelRoutes.resolve(stored.name))
        .filter((route): route is ModelRoute => route !== undefined),
    limits: (tokenId) => store.tokenLimits.get(tokenId),
    ledger: store.limitLedger,
    now: store.now,
  };
}
