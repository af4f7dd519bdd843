import { describe, expect, it } from 'vitest';
import type { CatalogModel } from './catalog-model.ts';
import { CatalogCache } from './catalog-cache.ts';

const model = (id: string): CatalogModel => ({
  id,
  ownedBy: 'o',
  created: 0,
  markers: [],
  formats: ['chat'],
  markersKnown: false,
  tariff: null,
  overridden: { markers: false, tariff: false },
});

function setup() {
  let now = 0;
  let loads = 0;
  let ids = ['a'];
  const cache = new CatalogCache({ ttlMs: 1000, minRefreshIntervalMs: 100, now: () => now });
  const load = async () => {
    loads += 1;
    return ids.map(model);
  };
  return {
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => (now += ms),
    setIds: (next: string[]) => (ids = next),
  };
}

describe('CatalogCache', () => {
  it('serves a catalog within its TTL and refetches after', async () => {
    const t = setup();
    await t.cache.get('k', t.load);
    await t.cache.get('k', t.load);
    expect(t.loads()).toBe(1);
    t.advance(1000);
    await t.cache.get('k', t.load);
    expect(t.loads()).toBe(2);
  });

  it('keeps catalogs apart per key', async () => {
    const t = setup();
    await t.cache.get('k1', t.load);
    await t.cache.get('k2', t.load);
    expect(t.loads()).toBe(2);
  });

  it('shares one fetch among concurrent callers', async () => {
    const t = setup();
    await Promise.all([
      t.cache.get('k', t.load),
      t.cache.get('k', t.load),
      t.cache.get('k', t.load),
    ]);
    expect(t.loads()).toBe(1);
  });

  it('refreshes once for an unknown model, but not more often than the interval', async () => {
    const t = setup();
    await t.cache.get('k', t.load);
    expect(await t.cache.find('k', 'b', t.load)).toBeUndefined();
    expect(t.loads()).toBe(1);
    t.advance(150);
    t.setIds(['a', 'b']);
    expect((await t.cache.find('k', 'b', t.load))?.id).toBe('b');
    expect(t.loads()).toBe(2);
  });

  it('does not cache a failed fetch', async () => {
    const t = setup();
    await expect(t.cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await t.cache.get('k', t.load);
    expect(t.loads()).toBe(1);
  });
});
