import type { WireFormat } from '../../../shared/wire-formats.ts';
import type { CatalogModel } from './catalog-model.ts';

export type RouteChoice =
  | { kind: 'passthrough'; format: WireFormat }
  | { kind: 'translate'; from: WireFormat; to: WireFormat };

/**
 * Pass through when the model supports the client's format; otherwise translate to the first
 * format in the model's marker list (the upstream's preferred path). Null: not a generation model.
 */
export function chooseRoute(model: CatalogModel, clientFormat: WireFormat): RouteChoice | null {
  if (model.formats.includes(clientFormat)) return { kind: 'passthrough', format: clientFormat };
  const target = model.formats[0];
  return target ? { kind: 'translate', from: clientFormat, to: target } : null;
}
