import type Database from 'better-sqlite3';
import type { ModelOverrideInput } from '../../shared/contract.ts';
import { isTariff, type Tariff } from '../../shared/tariff.ts';
import { isStringArray, parseJson } from './parse-json.ts';
import { InvalidInputError } from './store-errors.ts';
import { errorText } from '../../shared/error-text.ts';

/**
 * What the user says about a model where the upstream's catalog is silent or wrong: its path
 * markers (ordered, first preferred) and its tariff. Null means "use the catalog's".
 */
export interface ModelOverride {
  modelId: string;
  markers: string[] | null;
  tariff: Tariff | null;
}

/** Fields left out keep their stored value; null clears one. The contract's override input. */
export type ModelOverridePatch = ModelOverrideInput;

interface OverrideRow {
  model_id: string;
  markers: string | null;
  tariff: string | null;
}

const toOverride = (row: OverrideRow): ModelOverride => {
  const markers = parseJson(row.markers);
  const tariff = parseJson(row.tariff);
  return {
    modelId: row.model_id,
    markers: isStringArray(markers) ? markers : null,
    tariff: isTariff(tariff) ? tariff : null,
  };
};

export class ModelOverrideRepo {
  private readonly db: Database.Database;
  private readonly now: () => number;
  private readonly byId: Database.Statement<[string], OverrideRow>;
  private readonly all: Database.Statement<[], OverrideRow>;
  private readonly upsert: Database.Statement<[string, string | null, string | null, number]>;
  private readonly remove: Database.Statement<[string]>;

  constructor(db: Database.Database, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
    this.byId = db.prepare<[string], OverrideRow>(
      'SELECT model_id, markers, tariff FROM model_overrides WHERE model_id = ?',
    );
    this.all = db.prepare<[], OverrideRow>(
      'SELECT model_id, markers, tariff FROM model_overrides ORDER BY model_id',
    );
    this.upsert = db.prepare<[string, string | null, string | null, number]>(
      `INSERT INTO model_overrides (model_id, markers, tariff, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (model_id) DO UPDATE SET
         markers = excluded.markers, tariff = excluded.tariff, updated_at = excluded.updated_at`,
    );
    this.remove = db.prepare<[string]>('DELETE FROM model_overrides WHERE model_id = ?');
  }

  /**
   * Merges the patch into the model's override and returns the result. An override left with
   * neither markers nor tariff is removed (and null returned): it would override nothing.
   */
  set(modelId: string, patch: ModelOverridePatch): ModelOverride | null {
    if (patch.markers != null && !isStringArray(patch.markers)) {
      throw new InvalidInputError('Markers must be a list of strings.');
    }
    if (patch.tariff != null && !isTariff(patch.tariff)) {
      throw new InvalidInputError(
        `The tariff for '${modelId}' is not a valid tariff.`,
        errorText('models.errors.tariffInvalid', { model: modelId }),
      );
    }
    return this.db.transaction(() => {
      const current = this.get(modelId);
      const next: ModelOverride = {
        modelId,
        markers: patch.markers === undefined ? (current?.markers ?? null) : patch.markers,
        tariff: patch.tariff === undefined ? (current?.tariff ?? null) : patch.tariff,
      };
      if (next.markers === null && next.tariff === null) {
        this.remove.run(modelId);
        return null;
      }
      this.upsert.run(
        modelId,
        next.markers === null ? null : JSON.stringify(next.markers),
        next.tariff === null ? null : JSON.stringify(next.tariff),
        this.now(),
      );
      return next;
    })();
  }

  /** Removes the model's override entirely. */
  clear(modelId: string): boolean {
    return this.remove.run(modelId).changes > 0;
  }

  get(modelId: string): ModelOverride | null {
    const row = this.byId.get(modelId);
    return row ? toOverride(row) : null;
  }

  /** By model id. */
  list(): ModelOverride[] {
    return this.all.all().map(toOverride);
  }
}
