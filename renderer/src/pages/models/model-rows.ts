import type { ModelInfo } from '../../../../shared/contract.ts';
import { naturalCompare } from '../../../../shared/natural-order.ts';

/** What a column sorts by: names in natural order, prices as numbers; null (no price) last. */
export type SortKey = string | number | null;

export interface ModelSort {
  column: string;
  desc: boolean;
}

/**
 * A header's click: another column sorts from A (cheapest first, for prices), the sorted one
 * turns round, and a third click gives the catalog's own order back.
 */
export function nextModelSort(current: ModelSort | null, column: string): ModelSort | null {
  if (current?.column !== column) return { column, desc: false };
  return current.desc ? null : { column, desc: true };
}

function compareKeys(a: SortKey, b: SortKey, sign: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
  return sign * naturalCompare(String(a), String(b));
}

/**
 * The models in a column's order, ties in the catalog's order. The catalog comes sorted by id,
 * the table's first order: a list already in order is handed back as it is, after one pass of
 * comparisons instead of a sort's dozen per model.
 */
export function sortModels(
  models: readonly ModelInfo[],
  key: (model: ModelInfo) => SortKey,
  desc: boolean,
): readonly ModelInfo[] {
  const sign = desc ? -1 : 1;
  const keys = models.map(key);
  let ordered = true;
  for (let i = 1; i < keys.length && ordered; i += 1) {
    ordered = compareKeys(keys[i - 1] ?? null, keys[i] ?? null, sign) <= 0;
  }
  if (ordered) return models;
  const indexes = models.map((_, i) => i);
  indexes.sort((a, b) => compareKeys(keys[a] ?? null, keys[b] ?? null, sign) || a - b);
  return indexes.map((i) => models[i]!);
}

/**
 * Whether a model is found by a search: its id or its owner contains it, case aside. Null for
 * an empty search, which finds everything.
 */
function modelMatcher(search: string): ((model: ModelInfo) => boolean) | null {
  const needle = search.trim().toLowerCase();
  if (!needle) return null;
  return (model) =>
    model.id.toLowerCase().includes(needle) || model.ownedBy.toLowerCase().includes(needle);
}

/** The models a search finds, in the order given (the same list when it finds them all). */
export function filterModels(models: readonly ModelInfo[], search: string): readonly ModelInfo[] {
  const matches = modelMatcher(search);
  return matches ? models.filter(matches) : models;
}
