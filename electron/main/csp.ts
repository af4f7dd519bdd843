import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy.ts';

/**
 * Response headers with the app's one policy set, replacing any the server sent under any
 * casing: the dev server's pages get it as a header (built files carry it in their meta tag,
 * which the build writes from the same definition).
 */
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
