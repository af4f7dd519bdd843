import type { CatalogModel } from '../catalog/catalog-model.ts';
import type { RetryPolicy } from '../upstream/retry-policy.ts';
import type { UpstreamAttempt } from './upstream-attempt.ts';

/** One model asked to answer a request: by a route, or because the client named it. */
export interface ModelCall {
  model: CatalogModel;
  attempt: UpstreamAttempt;
  /** A route's own wait for a long Retry-After replaces the default one. */
  retry: RetryPolicy;
  /** A route has another model to try if this one fails before any byte reached the client. */
  canFallBack: boolean;
}
