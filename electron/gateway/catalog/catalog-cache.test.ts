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

  it('keeps a shared fetch going when one caller leaves, and aborts it when all have', async () => {
    const t = setup();
    let loadSignal: AbortSignal | undefined;
    let finish: (models: CatalogModel[]) => void = () => {};
    const slow = (signal: AbortSignal) => {
      loadSignal = signal;
      return new Promise<CatalogModel[]>((resolve, reject) => {
        finish = resolve;
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    };
    const a = new AbortController();
    const b = new AbortController();
    const first = t.cache.get('k', slow, a.signal);
    const second = t.cache.get('k', slow, b.signal);
    a.abort(new Error('client a left'));
    await expect(first).rejects.toThrow('client a left');
    expect(loadSignal?.aborted).toBe(false);
    finish([model('a')]);
    expect((await second).models.map((m) => m.id)).toEqual(['a']);

    t.advance(5000);
    const c = new AbortController();
    const third = t.cache.get('k', slow, c.signal);
    c.abort(new Error('client c left'));
    await expect(third).rejects.toThrow('client c left');
    expect(loadSignal?.aborted).toBe(true);
  });

  it('does not cache a failed fetch', async () => {
    const t = setup();
    await expect(t.cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await t.cache.get('k', t.load);
    expect(t.loads()).toBe(1);
  });
});
