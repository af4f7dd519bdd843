import { i18n } from '../../i18n/i18n.ts';

/** Why a base URL cannot be used, or null when it can. */
export function baseUrlProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return i18n.t('settings.profile.baseUrlMissing');
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return i18n.t('settings.profile.baseUrlScheme');
    return null;
  } catch {
    return i18n.t('settings.profile.notAUrl', { example: 'https://gateway.example.com' });
  }
}

/**
 * The origin an allowed-origins entry stands for (`https://app.example.com`), or null. CORS
 * compares exact origins, so paths and trailing slashes are dropped rather than stored.
 */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}
