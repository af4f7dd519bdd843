import { pathToFileURL } from 'node:url';

/** Where the window's page comes from: the dev server (electron-vite dev) or the built files. */
export type RendererLocation = { kind: 'url'; url: string } | { kind: 'file'; path: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The dev server's URL is honoured only in an unpackaged app and only on loopback http: a
 * packaged app must never load a page named by the environment (that would be remote content).
 */
export function rendererLocation(options: {
  devUrl: string | undefined;
  isPackaged: boolean;
  indexHtml: string;
}): RendererLocation {
  const { devUrl, isPackaged, indexHtml } = options;
  if (devUrl && !isPackaged) {
    const url = parseUrl(devUrl);
    if (url && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) {
      return { kind: 'url', url: url.href };
    }
  }
  return { kind: 'file', path: indexHtml };
}

/**
 * Whether `candidate` is one of the app's own pages: the built index.html (any hash or query,
 * the router lives in the hash) or any path on the dev server's origin.
 */
export function isAppUrl(location: RendererLocation, candidate: string): boolean {
  const url = parseUrl(candidate);
  if (!url) return false;
  if (location.kind === 'url') {
    const own = parseUrl(location.url);
    return own !== null && url.origin === own.origin;
  }
  const own = pathToFileURL(location.path);
  return url.protocol === 'file:' && url.host === own.host && url.pathname === own.pathname;
}

/**
 * Whether a network request from the renderer stays within the app: its own pages, plus, in
 * development, the dev server's hot-reload WebSocket (same host and port, ws: scheme).
 */
export function isAppResource(location: RendererLocation, candidate: string): boolean {
  if (isAppUrl(location, candidate)) return true;
  if (location.kind !== 'url') return false;
  const url = parseUrl(candidate);
  const own = parseUrl(location.url);
  return url !== null && own !== null && url.protocol === 'ws:' && url.host === own.host;
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
