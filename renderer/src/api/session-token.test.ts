import { describe, expect, it } from 'vitest';
import { takeUiToken, TOKEN_STORAGE_KEY } from './session-token.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('takeUiToken', () => {
  it('keeps the URL’s token in sessionStorage and removes it from the address bar', () => {
    const storage = memoryStorage();
    const replaced: string[] = [];
    const history = {
      replaceState: (_d: unknown, _u: string, url?: string | URL | null) =>
        void replaced.push(String(url)),
    };
    const token = takeUiToken({
      location: { href: 'http://127.0.0.1:8787/?token=abc123&lang=en#/logs' },
      storage,
      history,
    });
    expect(token).toBe('abc123');
    expect(storage.map.get(TOKEN_STORAGE_KEY)).toBe('abc123');
    expect(replaced).toEqual(['/?lang=en#/logs']);
  });

  it('finds the stored token on a reload without one in the URL', () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_STORAGE_KEY, 'kept');
    const token = takeUiToken({ location: { href: 'http://127.0.0.1:8787/#/chat' }, storage });
    expect(token).toBe('kept');
  });

  it('answers null when there is none anywhere', () => {
    expect(takeUiToken({ location: { href: 'http://localhost/' }, storage: memoryStorage() })).toBe(
      null,
    );
  });
});
