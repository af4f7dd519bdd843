import type { FormatCodec } from '../canonical/format-codec.ts';
import { GatewayError } from '../canonical/gateway-error.ts';
import type { CatalogModel } from '../catalog/catalog-model.ts';
import { markersOf } from '../catalog/markers.ts';
import { clip } from './clip.ts';

/**
 * A model as discovery lists it: with the upstream's markers, or, when the upstream gave none,
 * the markers of the format it is served in, rather than none while every route answers.
 */
const listed = (model: CatalogModel): CatalogModel =>
  model.markersKnown ? model : { ...model, markers: markersOf(model.formats) };

export function modelListBody(models: CatalogModel[], codec: FormatCodec): unknown {
  return codec.discovery.list(models.map(listed));
}

export function singleModelBody(
  model: CatalogModel | undefined,
  id: string,
  codec: FormatCodec,
): unknown {
  const body = model === undefined ? undefined : codec.discovery.one(listed(model));
  if (body === undefined) {
    throw new GatewayError(404, `Model '${clip(id)}' not found for this key.`, {
      code: 'model_not_found',
      param: 'model',
    });
  }
  return body;
}
