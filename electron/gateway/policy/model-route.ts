/**
 * A model route: a name a client may send as its model, standing for an ordered list of catalog
 * models. The store keeps them; the gateway reads them from memory on every request.
 */
export interface ModelRoute {
  name: string;
  /** Catalog model ids, tried in this order. */
  models: readonly string[];
  /** The route answers to its name even where the catalog has a model of that name. */
  shadow: boolean;
  /** A stream whose first byte takes longer moves on to the next model; null: the default. */
  firstByteTimeoutMs: number | null;
  /** A 429 asking to wait longer than this moves on at once; null: the default. */
  maxRetryAfterMs: number | null;
}

/**
 * The waits of a route that sets none. A stream normally starts within seconds (the upstream
 * sends its first record before it generates much); a non-streamed answer is not limited, as it
 * comes whole and may take minutes. A Retry-After of a few seconds is waited for, as the spec
 * asks; a longer one is a model that will not answer soon, which is what another model is for.
 */
export const ROUTE_DEFAULTS = {
  firstByteTimeoutMs: 60_000,
  maxRetryAfterMs: 2_000,
} as const;
