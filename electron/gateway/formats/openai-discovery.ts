import type { DiscoveryShape } from '../canonical/format-codec.ts';
import type { CatalogModel } from '../catalog/catalog-model.ts';

/**
 * The OpenAI list entry, with the markers kept so marker-aware tools still work. A model route
 * is owned by `route` and names its models.
 */
const openAiModel = (model: CatalogModel) => ({
  id: model.id,
  object: 'model',
  created: model.created,
  owned_by: model.routeOf ? 'route' : model.ownedBy,
  supported_endpoint_types: model.markers,
  ...(model.routeOf ? { route: { models: model.routeOf } } : {}),
});

/** Discovery as OpenAI clients (chat-completions and responses alike) read it on `/v1/models`. */
export const OPENAI_DISCOVERY: DiscoveryShape = {
  ownPaths: [],
  claims: () => false,
  list: (models) => ({ object: 'list', data: models.map(openAiModel) }),
  one: openAiModel,
};
