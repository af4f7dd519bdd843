import type Database from 'better-sqlite3';
import { parseJson } from './parse-json.ts';

export interface CatalogSnapshot {
  /** The upstream's model list, as fetched. */
  models: unknown;
  /** The pricing document, or null when the upstream has none. */
  pricing: unknown;
  fetchedAt: number;
}

/** A few past snapshots per key are kept, to see when a price or a model changed. */
export const SNAPSHOTS_KEPT_PER_KEY = 5;

interface SnapshotRow {
  models: string;
  pricing: string;
  fetched_at: number;
}

/**
 * The last catalog fetched per upstream key, so the app starts with a model list before the
 * network answers. `keyId` identifies a key (a fingerprint the catalog chooses), never the key.
 */
export class CatalogSnapshotRepo {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement<[string, string, string, number]>;
  private readonly newest: Database.Statement<[string], SnapshotRow>;
  private readonly trim: Database.Statement<[string, string, number]>;

  constructor(db: Database.Database) {
    this.db = db;
    this.insert = db.prepare<[string, string, string, number]>(
      'INSERT INTO catalog_snapshots (key_id, models, pricing, fetched_at) VALUES (?, ?, ?, ?)',
    );
    this.newest = db.prepare<[string], SnapshotRow>(
      `SELECT models, pricing, fetched_at FROM catalog_snapshots WHERE key_id = ?
       ORDER BY fetched_at DESC, id DESC LIMIT 1`,
    );
    this.trim = db.prepare<[string, string, number]>(
      `DELETE FROM catalog_snapshots WHERE key_id = ? AND id NOT IN (
         SELECT id FROM catalog_snapshots WHERE key_id = ?
         ORDER BY fetched_at DESC, id DESC LIMIT ?)`,
    );
  }

  save(keyId: string, snapshot: CatalogSnapshot): void {
    // `undefined` has no JSON form; an absent document is stored as null.
    const models = JSON.stringify(snapshot.models ?? null);
    const pricing = JSON.stringify(snapshot.pricing ?? null);
    this.db.transaction(() => {
      this.insert.run(keyId, models, pricing, snapshot.fetchedAt);
      this.trim.run(keyId, keyId, SNAPSHOTS_KEPT_PER_KEY);
    })();
  }

  /** The most recently fetched snapshot for the key, or null. */
  latest(keyId: string): CatalogSnapshot | null {
    const row = this.newest.get(keyId);
    if (!row) return null;
    return {
      models: parseJson(row.models) ?? null,
      pricing: parseJson(row.pricing) ?? null,
      fetchedAt: row.fetched_at,
    };
  }
}
