import type { CatalogModel } from './catalog-model.ts';

export interface Catalog {
  models: CatalogModel[];
  byId: Map<string, CatalogModel>;
  fetchedAt: number;
}

export interface CatalogCacheOptions {
  /** How long a fetched catalog is served before it is fetched again. */
  ttlMs: number;
  /** An unknown model triggers a refresh, but not more often than this. */
  minRefreshIntervalMs: number;
  now?: () => number;
}

interface Slot {
  catalog?: Catalog;
  loading?: Promise<Catalog>;
}

/**
 * The model catalog per upstream key (models visible depend on the key). Concurrent callers
 * share one fetch; a failed fetch is not cached.
 */
export class CatalogCache {
  private readonly slots = new Map<string, Slot>();
  private readonly options: Required<CatalogCacheOptions>;

  constructor(options: CatalogCacheOptions) {
    this.options = { now: Date.now, ...options };
  }

  async get(keyId: string, load: () => Promise<CatalogModel[]>): Promise<Catalog> {
    const slot = this.slot(keyId);
    if (slot.catalog && this.options.now() - slot.catalog.fetchedAt < this.options.ttlMs)
      return slot.catalog;
    return this.refresh(keyId, load);
  }

  /** Fetches now (sharing a fetch already under way). */
  refresh(keyId: string, load: () => Promise<CatalogModel[]>): Promise<Catalog> {
    const slot = this.slot(keyId);
    if (slot.loading) return slot.loading;
    const loading = load()
      .then((models) => {
        const catalog: Catalog = {
          models,
          byId: new Map(models.map((m) => [m.id, m])),
          fetchedAt: this.options.now(),
        };
        slot.catalog = catalog;
        return catalog;
      })
      .finally(() => {
        slot.loading = undefined;
      });
    slot.loading = loading;
    return loading;
  }

  /** Looks a model up; a model not in a catalog older than the refresh interval triggers one refresh. */
  async find(
    keyId: string,
    modelId: string,
    load: () => Promise<CatalogModel[]>,
  ): Promise<CatalogModel | undefined> {
    const catalog = await this.get(keyId, load);
    const found = catalog.byId.get(modelId);
    if (found || this.options.now() - catalog.fetchedAt < this.options.minRefreshIntervalMs)
      return found;
    return (await this.refresh(keyId, load)).byId.get(modelId);
  }

  invalidate(keyId?: string): void {
    if (keyId === undefined) this.slots.clear();
    else this.slots.delete(keyId);
  }

  private slot(keyId: string): Slot {
    let slot = this.slots.get(keyId);
    if (!slot) {
      slot = {};
      this.slots.set(keyId, slot);
    }
    return slot;
  }
}
