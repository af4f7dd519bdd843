/**
 * The renderer's Content-Security-Policy, defined once. The desktop app sends it as a header on
 * its own pages (electron/main/csp.ts: the dev server's responses), headless mode on the files it
 * serves (electron/services/static-files.ts), and the build writes it into the page's meta tag
 * (electron.vite.config.ts), which is the only policy a page loaded from files has.
 *
 * Only the app's own scripts; inline styles for React's style attributes; images from the app or
 * data: URLs; connections only back to the app's origin (the desktop renderer talks to main over
 * IPC, headless over HTTP to its own origin). No plugins, no frames, no forms, no <base>.
 */
const DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

/**
 * Browsers ignore these in a meta tag (and say so on the console): framing is refused by the
 * header where there is one, and a page loaded from files cannot be framed by a web page anyway.
 */
const HEADER_ONLY = new Set(['frame-ancestors']);

/** The policy as a response header carries it. */
export const CONTENT_SECURITY_POLICY = DIRECTIVES.join('; ');

/** The same policy as the page's meta tag carries it: every directive a meta tag can hold. */
export const META_CONTENT_SECURITY_POLICY = DIRECTIVES.filter(
  (directive) => !HEADER_ONLY.has(directive.split(' ')[0] ?? ''),
).join('; ');
