import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SNAPSHOTS_KEPT_PER_KEY } from './catalog-snapshot-repo.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';

describe('CatalogSnapshotRepo', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  const models = {
    object: 'list',
    data: [{ id: 'gemini-2.5-flash', supported_endpoint_types: ['gemini'] }],
  };

  it('returns null before anything is saved', () => {
    expect(temp.store.catalogSnapshots.latest('key_a')).toBeNull();
  });

  it('returns the newest snapshot of the key asked for, JSON intact', () => {
    const repo = temp.store.catalogSnapshots;
    repo.save('key_a', { models, pricing: null, fetchedAt: 1000 });
    repo.save('key_a', {
      models: { data: [] },
      pricing: { group_ratio: { default: 1 } },
      fetchedAt: 2000,
    });
    repo.save('key_b', { models, pricing: null, fetchedAt: 3000 });
    expect(repo.latest('key_a')).toEqual({
      models: { data: [] },
      pricing: { group_ratio: { default: 1 } },
      fetchedAt: 2000,
    });
    expect(temp.reopen().catalogSnapshots.latest('key_b')).toEqual({
      models,
      pricing: null,
      fetchedAt: 3000,
    });
  });

  it('keeps a few snapshots per key, not all of them', () => {
    for (let i = 0; i < 12; i += 1) {
      temp.store.catalogSnapshots.save('key_a', { models: i, pricing: undefined, fetchedAt: i });
    }
    temp.store.catalogSnapshots.save('key_b', { models: 'b', pricing: null, fetchedAt: 0 });
    const counts = temp.store.db
      .prepare(
        'SELECT key_id, count(*) AS n FROM catalog_snapshots GROUP BY key_id ORDER BY key_id',
      )
      .all();
    expect(counts).toEqual([
      { key_id: 'key_a', n: SNAPSHOTS_KEPT_PER_KEY },
      { key_id: 'key_b', n: 1 },
    ]);
    expect(temp.store.catalogSnapshots.latest('key_a')).toEqual({
      models: 11,
      pricing: null,
      fetchedAt: 11,
    });
  });
});
