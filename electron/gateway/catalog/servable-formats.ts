import { WIRE_FORMATS, type WireFormat } from '../../../shared/wire-formats.ts';
import type { CatalogModel } from './catalog-model.ts';

/** Any generation model can be used through every client format: the gateway translates. */
export function servableFormats(model: CatalogModel): WireFormat[] {
  return model.formats.length > 0 ? [...WIRE_FORMATS] : [];
}
