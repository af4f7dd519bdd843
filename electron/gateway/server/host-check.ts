import { GatewayError } from '../canonical/gateway-error.ts';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host name of a Host header, without its port. */
function hostName(hostHeader: string): string {
  const trimmed = hostHeader.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    return end === -1 ? trimmed : trimmed.slice(0, end + 1);
  }
  const colon = trimmed.lastIndexOf(':');
  return colon === -1 ? trimmed : trimmed.slice(0, colon);
}

/**
 * Refuses requests whose Host is not a loopback name (or one the user allowed): a web page
 * that rebinds its own DNS name to 127.0.0.1 would otherwise reach the gateway from a browser.
 */
export function isAllowedHost(
  hostHeader: string | undefined,
  extraAllowed: ReadonlySet<string>,
): boolean {
  if (!hostHeader) return false;
  const name = hostName(hostHeader);
  return LOOPBACK_NAMES.has(name) || name.endsWith('.localhost') || extraAllowed.has(name);
}

const MISSING_HOST = 'The request has no Host header, which HTTP/1.1 requires.';

/**
 * Why a request's Host is refused (a 400 without one, a 403 for a name that is not allowed), in
 * the words of what answers: the gateway names the refused Host, the app does not.
 */
export function refuseHost(
  hostHeader: string | undefined,
  extraAllowed: ReadonlySet<string>,
  answering: 'gateway' | 'app',
): GatewayError | undefined {
  if (hostHeader === undefined)
    return new GatewayError(400, MISSING_HOST, { code: 'missing_host' });
  if (isAllowedHost(hostHeader, extraAllowed)) return undefined;
  const message =
    answering === 'app'
      ? 'Host not allowed: the app answers loopback names only.'
      : `Host '${hostHeader}' is not allowed: the gateway answers loopback names only.`;
  return new GatewayError(403, message, { code: 'host_not_allowed' });
}
