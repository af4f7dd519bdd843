/**
 * The renderer's Content-Security-Policy, sent as a header on the app's own pages (the dev
 * server's responses; built files load over file:, where renderer/index.html's meta tag carries
 * the same policy). Only the app's own scripts; inline styles for React's style attributes;
 * images from the app or data: URLs; connections only back to the app's origin (the desktop
 * renderer talks to main over IPC, not HTTP). No plugins, no frames, no forms, no <base>.
 */
const CONTENT_SECURITY_POLICY = [
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
].join('; ');

/** Response headers with the policy set, replacing any the server sent under any casing. */
export function withContentSecurityPolicy(
  headers: Record<string, string[]> | undefined,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') result[name] = value;
  }
  result['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  return result;
}
