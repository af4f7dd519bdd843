import type { GatewayPolicy } from '../../../electron/gateway/policy/gateway-policy.ts';
import type { ModelRoute } from '../../../electron/gateway/policy/model-route.ts';

/** A route with the defaults filled in. */
export const route = (
  name: string,
  models: string[],
  extra: Partial<Omit<ModelRoute, 'name' | 'models'>> = {},
): ModelRoute => ({
  name,
  models,
  shadow: false,
  firstByteTimeoutMs: null,
  maxRetryAfterMs: null,
  ...extra,
});

/**
 * The gateway's policy with model routes and no token limits, for tests of routing alone
 * (the limits are tested with the store's own ledger).
 */
export function routesOnlyPolicy(routes: readonly ModelRoute[]): GatewayPolicy {
  const byName = new Map(routes.map((r) => [r.name, r]));
  return {
    route: (name) => byName.get(name),
    routes: () => routes,
    limits: () => undefined,
    ledger: {
      reserve: () => {
        throw new Error('no token has limits in this policy');
      },
      release: () => {},
    },
    now: Date.now,
  };
}
