import type { LimitLedger, TokenLimits } from './limits.ts';
import type { ModelRoute } from './model-route.ts';

/**
 * The person's decisions the gateway applies to each request: which models a route name stands
 * for, and what each local token may use. Read on every request, so it answers from memory; the
 * store keeps it and sees changes made by other processes within a second.
 */
export interface GatewayPolicy {
  route(name: string): ModelRoute | undefined;
  routes(): readonly ModelRoute[];
  /** A stored token's limits; undefined when it has none. */
  limits(tokenId: string): TokenLimits | undefined;
  ledger: LimitLedger;
  /** The clock budgets and minutes are counted by (the store's, which tests set). */
  now(): number;
}
