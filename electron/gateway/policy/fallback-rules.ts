import type { GatewayError } from '../canonical/gateway-error.ts';

/**
 * Failures of the gateway itself or of the upstream as a whole: every model would meet them, so
 * moving on would only repeat them.
 */
const SAME_FOR_EVERY_MODEL = new Set([
  'upstream_not_configured',
  'upstream_key_missing',
  'keychain_unavailable',
  'upstream_key_rejected',
  'shutting_down',
  'internal_error',
  'upstream_response_too_large',
]);

/** How a failure that another model may not meet is named in the attempts. */
const BY_CODE: Readonly<Record<string, string>> = {
  upstream_timeout: 'timeout',
  first_byte_timeout: 'first_byte_timeout',
  upstream_unreachable: 'unreachable',
  upstream_disconnected: 'connection_reset',
};

/**
 * Whether a route may move on from a model's failure (before any byte reached the client), and
 * why: a rate limit past its retries, an overloaded or failing model, a refused or reset
 * connection, a slow first byte, a model missing from the catalog or answering 404. A 400 is the
 * request's own fault, a 401/403 the key's: another model would refuse it too, so null.
 */
export function fallbackReason(error: GatewayError): string | null {
  if (error.code !== undefined && SAME_FOR_EVERY_MODEL.has(error.code)) return null;
  const named = error.code === undefined ? undefined : BY_CODE[error.code];
  if (named) return named;
  if (error.status === 429) return 'rate_limited';
  if (error.status === 404) return 'not_found';
  if (error.status === 529) return 'overloaded';
  if (error.status >= 500) return 'server_error';
  return null;
}
