import type {
  ModelRouteInfo,
  RouteDefaults,
  RouteModelTest,
  RouteSaveParams,
} from '../../shared/contract.ts';
import type { WireFormat } from '../../shared/wire-formats.ts';
import { ROUTE_DEFAULTS } from '../gateway/policy/model-route.ts';
import type { Store } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import { toRouteInfo, type CatalogFormats } from './route-info.ts';
import { errorText } from '../../shared/error-text.ts';

/**
 * The route pages should not wait long on an upstream that does not answer: the routes are
 * listed without what the catalog says of them.
 */
const CATALOG_WAIT_MS = 5_000;

export interface RouteServiceDeps {
  store: Store;
  /** The catalog's models (cached, as the Models page gets them); rejects when it cannot be had. */
  catalog(): Promise<readonly { id: string; formats: readonly WireFormat[] }[]>;
  /** One short request for the model through the app's own gateway. */
  testModel(model: string): Promise<RouteModelTest>;
  /** How long to wait for the catalog before going on without it; default 5 s. */
  catalogWaitMs?: number;
}

/** Model routes: names clients send as their model, standing for catalog models tried in order. */
export class RouteService {
  private readonly deps: RouteServiceDeps;

  constructor(deps: RouteServiceDeps) {
    this.deps = deps;
  }

  async list(): Promise<{ routes: ModelRouteInfo[]; defaults: RouteDefaults }> {
    const catalog = await this.catalog();
    const routes = this.deps.store.modelRoutes.list().map((route) => this.info(route, catalog));
    return { routes, defaults: { ...ROUTE_DEFAULTS } };
  }

  /**
   * The store refuses empty lists, loops and taken names; here a catalog model's name is refused
   * unless the route shadows it, and models the catalog does not list are let through with a
   * warning (catalogs change, and the route skips them meanwhile).
   */
  async save(params: RouteSaveParams): Promise<{ route: ModelRouteInfo; warnings: string[] }> {
    const routes = this.deps.store.modelRoutes;
    const catalog = await this.catalog();
    const warnings: string[] = [];
    if (catalog === null) {
      warnings.push(
        'The catalog could not be loaded now, so the name and the models were not checked against it.',
      );
    } else {
      if (catalog.has(params.name) && params.shadow !== true)
        throw new AppError(
          'bad_request',
          `'${params.name}' is a model in the catalog; a route may take its name only when it shadows it (the 'shadow' option).`,
          { i18n: errorText('routes.errors.nameIsCatalogModel', { name: params.name }) },
        );
      for (const model of params.models) {
        // A member route is not a catalog model; the store checks that it exists.
        if (catalog.has(model) || routes.get(model)) continue;
        warnings.push(`'${model}' is not in the catalog now; the route skips it until it is.`);
      }
    }
    routes.save({
      name: params.name,
      models: params.models,
      ...(params.previousName !== undefined ? { previousName: params.previousName } : {}),
      ...(params.shadow !== undefined ? { shadow: params.shadow } : {}),
      ...(params.firstByteTimeoutMs !== undefined
        ? { firstByteTimeoutMs: params.firstByteTimeoutMs }
        : {}),
      ...(params.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: params.maxRetryAfterMs } : {}),
    });
    const saved = routes.get(params.name);
    if (!saved) throw new Error(`The route '${params.name}' was saved but cannot be read back.`);
    return { route: this.info(saved, catalog), warnings };
  }

  /** Refused by the store while another route or a token's then-route uses it. */
  delete(name: string): void {
    if (!this.deps.store.modelRoutes.delete(name)) throw routeNotFound(name);
  }

  /** Each of the route's models in order, one short request each; one failing stops none. */
  async test(name: string): Promise<RouteModelTest[]> {
    const route = this.deps.store.modelRoutes.resolve(name);
    if (!route) throw routeNotFound(name);
    const results: RouteModelTest[] = [];
    for (const model of route.models) results.push(await this.deps.testModel(model));
    return results;
  }

  private info(route: Parameters<typeof toRouteInfo>[0], catalog: CatalogFormats): ModelRouteInfo {
    const models = this.deps.store.modelRoutes.resolve(route.name)?.models ?? route.models;
    return toRouteInfo(route, models, catalog);
  }

  /** The catalog's formats by model, or null when the upstream cannot say soon. */
  private async catalog(): Promise<CatalogFormats> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.deps.catalogWaitMs ?? CATALOG_WAIT_MS);
    });
    try {
      const models = await Promise.race([this.deps.catalog(), late]);
      return models === null ? null : new Map(models.map((m) => [m.id, m.formats]));
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}

const routeNotFound = (name: string): AppError =>
  new AppError('not_found', `No route named '${name}'.`, {
    i18n: errorText('routes.errors.notFound', { name }),
  });
