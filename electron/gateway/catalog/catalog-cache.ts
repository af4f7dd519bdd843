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

/** Loads a key's catalog; the signal aborts it once nobody waits for it any more. */
export type CatalogLoader = (signal: AbortSignal) => Promise<CatalogModel[]>;

/** One fetch shared by every caller that wants it, aborted only when all of them have left. */
interface SharedLoad {
  promise: Promise<Catalog>;
  controller: AbortController;
  waiting: number;
}

interface Slot {
  catalog?: Catalog;
  loading?: SharedLoad;
}

/**
 * The model catalog per upstream key (models visible depend on the key). Concurrent callers
 * share one fetch; a failed fetch is not cached. A caller that goes away (its signal aborts)
 * stops waiting at once, but the fetch goes on for the others; it is aborted when the last
 * caller has gone.
 */
export class CatalogCache {
  private readonly slots = new Map<string, Slot>();
  private readonly options: Required<CatalogCacheOptions>;

  constructor(options: CatalogCacheOptions) {
    this.options = { now: Date.now, ...options };
  }

  async get(keyId: string, load: CatalogLoader, signal?: AbortSignal): Promise<Catalog> {
    const slot = this.slot(keyId);
    if (slot.catalog && this.options.now() - slot.catalog.fetchedAt < this.options.ttlMs)
      return slot.catalog;
    return this.refresh(keyId, load, signal);
  }

  /** Fetches now (sharing a fetch already under way). */
  refresh(keyId: string, load: CatalogLoader, signal?: AbortSignal): Promise<Catalog> {
    const slot = this.slot(keyId);
    let shared = slot.loading;
    if (!shared) {
      const controller = new AbortController();
      const promise = load(controller.signal)
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
          if (slot.loading === current) slot.loading = undefined;
        });
      const current: SharedLoad = { promise, controller, waiting: 0 };
      shared = current;
      slot.loading = current;
    }
    return this.wait(slot, shared, signal);
  }

  /** Looks a model up; a model not in a catalog older than the refresh interval triggers one refresh. */
  async find(
    keyId: string,
    modelId: string,
    load: CatalogLoader,
    signal?: AbortSignal,
  ): Promise<CatalogModel | undefined> {
    const catalog = await this.get(keyId, load, signal);
    const found = catalog.byId.get(modelId);
    if (found || this.options.now() - catalog.fetchedAt < this.options.minRefreshIntervalMs)
      return found;
    return (await this.refresh(keyId, load, signal)).byId.get(modelId);
  }

  invalidate(keyId?: string): void {
    if (keyId === undefined) this.slots.clear();
    else this.slots.delete(keyId);
  }

  private wait(slot: Slot, shared: SharedLoad, signal: AbortSignal | undefined): Promise<Catalog> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    shared.waiting += 1;
    return new Promise<Catalog>((resolve, reject) => {
      let left = false;
      const leave = (): void => {
        if (left) return;
        left = true;
        signal?.removeEventListener('abort', onAbort);
        shared.waiting -= 1;
      };
      const onAbort = (): void => {
        leave();
        if (shared.waiting === 0) {
          // Nobody wants it any more: stop the fetch, and let the next caller start afresh.
          if (slot.loading === shared) slot.loading = undefined;
          shared.controller.abort();
        }
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      shared.promise.then(
        (catalog) => {
          leave();
          resolve(catalog);
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
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
