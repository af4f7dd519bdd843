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
