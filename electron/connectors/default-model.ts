import type { WireFormat } from '../../shared/wire-formats.ts';

/** What choosing a default needs to know of a catalog model. */
interface CatalogEntry {
  id: string;
  created: number;
  /** The generation formats the model is served in upstream; empty for a model that cannot generate. */
  formats: readonly WireFormat[];
}

export interface DefaultModel {
  id: string;
  /** Whether the tool's own format reaches the model untranslated. */
  native: boolean;
}

const newestFirst = (a: CatalogEntry, b: CatalogEntry): number =>
  b.created - a.created || a.id.localeCompare(b.id);

/**
 * The model a tool gets when the user names none: the newest one served in the tool's own
 * format, so its requests pass through untouched; else the newest one the gateway can
 * translate to. Null when the catalog holds no generation model at all.
 */
export function defaultModelFor(
  format: WireFormat,
  catalog: readonly CatalogEntry[],
): DefaultModel | null {
  const generating = catalog.filter((model) => model.formats.length > 0).sort(newestFirst);
  const native = generating.find((model) => model.formats.includes(format));
  if (native) return { id: native.id, native: true };
  const any = generating[0];
  return any ? { id: any.id, native: false } : null;
}
