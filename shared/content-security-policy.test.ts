import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withContentSecurityPolicy } from '../electron/main/csp.ts';
import {
  CONTENT_SECURITY_POLICY,
  META_CONTENT_SECURITY_POLICY,
} from './content-security-policy.ts';

const BUILT_PAGE = join(resolve(import.meta.dirname, '..'), 'out/renderer/index.html');

const directives = (policy: string): string[] =>
  policy
    .split(';')
    .map((d) => d.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .sort();

/** The built page's CSP meta tags' policies, entities decoded. */
function metaPolicies(html: string): string[] {
  const tags = html.match(/<meta\b[^>]*http-equiv=["']?Content-Security-Policy["']?[^>]*>/gi);
  return (tags ?? []).map((tag) =>
    (/\bcontent="([^"]*)"/i.exec(tag)?.[1] ?? '')
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
}

const REQUIRED = [
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "script-src 'self'",
];

describe('the Content-Security-Policy', () => {
  it('is one policy: the meta form is the header form less what a meta tag cannot carry', () => {
    const header = directives(CONTENT_SECURITY_POLICY);
    expect(header).toEqual(
      [...directives(META_CONTENT_SECURITY_POLICY), "frame-ancestors 'none'"].sort(),
    );
    for (const directive of REQUIRED) expect(header).toContain(directive);
    expect(withContentSecurityPolicy({})['Content-Security-Policy']).toEqual([
      CONTENT_SECURITY_POLICY,
    ]);
  });

  it.skipIf(!existsSync(BUILT_PAGE))(
    'is the built page’s meta policy, before any script (skipped when out/ is not built: npm run build)',
    () => {
      const html = readFileSync(BUILT_PAGE, 'utf8');
      const policies = metaPolicies(html);
      expect(policies).toHaveLength(1);
      const meta = directives(policies[0] ?? '');
      expect(meta).toEqual(directives(META_CONTENT_SECURITY_POLICY));
      expect(meta).toEqual(
        directives(CONTENT_SECURITY_POLICY).filter((d) => !d.startsWith('frame-ancestors')),
      );
      for (const directive of REQUIRED) expect(meta).toContain(directive);
      // A meta policy governs only what follows it.
      expect(html.search(/http-equiv=["']?Content-Security-Policy/i)).toBeLessThan(
        html.search(/<script\b/i),
      );
    },
  );
});
