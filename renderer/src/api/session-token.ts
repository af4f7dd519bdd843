/** sessionStorage key of the UI token: it lives as long as the tab, never on disk. */
export const TOKEN_STORAGE_KEY = 'model-gateway.ui-token';

export interface TokenEnvironment {
  location: { href: string };
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  history?: Pick<History, 'replaceState'>;
}

/**
 * The headless UI's session token. On first load it arrives as `?token=` in the URL the app
 * printed; it is moved into sessionStorage and taken out of the address bar (so it is neither
 * bookmarked nor shared in a screenshot). Later reloads find it in storage.
 */
export function takeUiToken(env: TokenEnvironment): string | null {
  const url = new URL(env.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    env.storage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    url.searchParams.delete('token');
    env.history?.replaceState(null, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return env.storage.getItem(TOKEN_STORAGE_KEY) || null;
}
