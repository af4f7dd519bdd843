import type { WireFormat } from '../formats/wire-format.ts';
import type { CatalogModel } from './catalog-model.ts';

/** The client formats a model can be used through at this gateway. */
export function servableFormats(model: CatalogModel): WireFormat[] {
  return model.formats;
}
