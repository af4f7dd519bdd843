import type { IncomingMessage } from 'node:http';

/**
 * An absolute-form target (`GET http://host/path`, as sent to proxies) is made origin-form, and
 * its authority becomes the Host (RFC 9112 §3.2.2), so routing, logging and the Host check see
 * the path and the real target, never the whole URL (which may carry `?key=`).
 */
export function toOriginForm(req: IncomingMessage): void {
  const target = req.url ?? '/';
  if (target.startsWith('/') || target === '*') return;
  try {
    const url = new URL(target);
    req.url = `${url.pathname}${url.search}`;
    req.headers.host = url.host;
  } catch {
    req.url = '/';
  }
}

/** The path of a request's target, without its query. */
export const requestPath = (req: IncomingMessage): string => (req.url ?? '/').split('?')[0] ?? '/';
