import type { CatalogModel } from '../catalog/catalog-model.ts';
import type { TokenLimits } from '../policy/limits.ts';
import type { ModelRoute } from '../policy/model-route.ts';

/**
 * A route as discovery lists it: under its name, marked as a route, with the formats and markers
 * of its first model the catalog knows (so agents' model pickers show it where it works).
 */
function routeEntry(route: ModelRoute, byId: ReadonlyMap<string, CatalogModel>): CatalogModel {
  const first = route.models.map((id) => byId.get(id)).find((model) => model !== undefined);
  return {
    id: route.name,
    ownedBy: 'route',
    created: 0,
    markers: first?.markers ?? [],
    formats: first?.formats ?? [],
    markersKnown: first?.markersKnown ?? true,
    tariff: null,
    overridden: { markers: false, tariff: false },
    routeOf: route.models,
  };
}

/**
 * The catalog's models with the routes beside them. A route that shadows a model takes its
 * place; one that does not is left out where the catalog has a model of its name (the model
 * answers to it).
 */
export function withRoutes(
  models: readonly CatalogModel[],
  routes: readonly ModelRoute[],
): CatalogModel[] {
  if (routes.length === 0) return [...models];
  const byId = new Map(models.map((model) => [model.id, model]));
  const shadowing = new Map<string, CatalogModel>();
  const added: CatalogModel[] = [];
  for (const route of routes) {
    if (byId.has(route.name)) {
      if (route.shadow) shadowing.set(route.name, routeEntry(route, byId));
    } else {
      added.push(routeEntry(route, byId));
    }
  }
  return [...models.map((model) => shadowing.get(model.id) ?? model), ...added];
}

/** What a token with an allow list may see: only the models and routes it may ask for. */
export function allowedFor(
  models: readonly CatalogModel[],
  limits: TokenLimits | undefined,
): CatalogModel[] {
  const allowed = limits?.models;
  if (!allowed) return [...models];
  const names = new Set(allowed);
  return models.filter((model) => names.has(model.id));
}
