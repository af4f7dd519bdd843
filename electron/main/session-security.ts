import type { SessionLike } from './electron-like.ts';
import { withContentSecurityPolicy } from './csp.ts';

/**
 * The one permission the app's own page may have: writing text to the clipboard, which the UI
 * needs to copy a new token or the gateway URL (`navigator.clipboard.writeText` asks for it, and
 * Electron refuses it once a handler is installed). Reading the clipboard, camera, notifications,
 * geolocation and everything else are refused, and nothing is granted to any other page.
 */
const ALLOWED_FOR_APP_PAGE = new Set(['clipboard-sanitized-write']);

function isPermissionAllowed(
  permission: string,
  requestingUrl: string | undefined,
  isMainFrame: boolean,
  isAppUrl: (url: string) => boolean,
): boolean {
  return (
    ALLOWED_FOR_APP_PAGE.has(permission) &&
    isMainFrame &&
    requestingUrl !== undefined &&
    isAppUrl(requestingUrl)
  );
}

const NETWORK_SCHEMES = /^(https?|wss?|ftp):/i;

/**
 * Session-wide rules for the renderer: permission requests and checks answered by the policy
 * above; the CSP header on the app's own pages; and no remote content — any network request that
 * is not to the app's own origin (the dev server, in development) is cancelled before it leaves.
 */
export function secureSession(
  session: SessionLike,
  options: {
    isAppUrl: (url: string) => boolean;
    /** isAppUrl, plus the dev server's hot-reload socket in development. */
    isAppResource: (url: string) => boolean;
    log: (line: string) => void;
  },
): void {
  const { isAppUrl, log } = options;
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const granted = isPermissionAllowed(
      permission,
      details.requestingUrl,
      details.isMainFrame,
      isAppUrl,
    );
    if (!granted) log(`permission refused: ${permission}`);
    callback(granted);
  });
  session.setPermissionCheckHandler((contents, permission, _origin, details) =>
    isPermissionAllowed(
      permission,
      details.requestingUrl ?? contents?.getURL(),
      details.isMainFrame,
      isAppUrl,
    ),
  );
  session.webRequest.onBeforeRequest((details, callback) => {
    const remote = NETWORK_SCHEMES.test(details.url) && !options.isAppResource(details.url);
    if (remote) log(`blocked remote request: ${details.url.slice(0, 200)}`);
    callback({ cancel: remote });
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url)) {
      callback({});
      return;
    }
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) });
  });
}
