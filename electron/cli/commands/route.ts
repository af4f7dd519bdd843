import { parseArgs } from 'node:util';
import type { RouteSaveParams } from '../../../shared/contract-schemas.ts';
import { ROUTE_DEFAULTS } from '../../gateway/policy/model-route.ts';
import { openStore, type Store } from '../../store/index.ts';
import { catalogIds } from '../catalog-ids.ts';
import { defaultDataDir } from '../data-dir.ts';
import { routeLine, ROUTE_DEFAULTS_NOTE } from '../route-lines.ts';
import { routeParams } from '../route-flags.ts';
import { storeInput } from '../store-input.ts';
import { InputError, UsageError } from '../usage-error.ts';

const ROUTE_USAGE =
  'route add NAME MODEL... | route set NAME MODEL... | route list [--json] | route rm NAME';

const warn = (line: string): void => {
  process.stderr.write(`Warning: ${line}\n`);
};

/**
 * `model-gateway route add|set|list|rm`: model routes, names a client sends as its model that
 * stand for catalog models tried in order. Written to the store, which every running gateway on
 * the data dir reads again within a second.
 */
export async function routeCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      shadow: { type: 'boolean' },
      'first-byte-timeout': { type: 'string' },
      'max-retry-after': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const [action, name, ...models] = positionals;
  if (action !== 'add' && action !== 'set' && action !== 'list' && action !== 'rm')
    throw new UsageError(ROUTE_USAGE);
  if (action !== 'list' && !name) throw new UsageError(`route ${action} NAME: name the route.`);
  // Checked before the store is opened: a mistake leaves no trace.
  const params = action === 'add' || action === 'set' ? routeParams(name!, models, values) : null;
  const store = openStore(values['data-dir'] ?? defaultDataDir());
  try {
    if (action === 'list') await list(store, values.json);
    else if (action === 'rm') remove(store, name!);
    else await save(store, action, params!);
  } finally {
    store.close();
  }
}

async function save(store: Store, action: 'add' | 'set', params: RouteSaveParams): Promise<void> {
  const routes = store.modelRoutes;
  const name = params.name;
  const exists = routes.get(name) !== undefined;
  if (action === 'add' && exists)
    throw new InputError(
      `A route named '${name}' exists already. Change it with \`model-gateway route set ${name} MODEL...\`.`,
    );
  if (action === 'set' && !exists)
    throw new InputError(
      `No route named '${name}'. Create it with \`model-gateway route add ${name} MODEL...\`.`,
    );
  await checkAgainstCatalog(store, params);
  storeInput(() =>
    routes.save({
      name,
      ...(action === 'set' ? { previousName: name } : {}),
      models: params.models,
      shadow: params.shadow ?? false,
      firstByteTimeoutMs: params.firstByteTimeoutMs ?? null,
      maxRetryAfterMs: params.maxRetryAfterMs ?? null,
    }),
  );
  const saved = routes.get(name);
  process.stdout.write(
    `Route '${name}' ${action === 'add' ? 'created' : 'replaced'}: ${(saved?.models ?? params.models).join(' → ')}\n`,
  );
}

/**
 * A route may take a catalog model's name only when it says it shadows it; a model the catalog
 * does not list is allowed (catalogs change) but said. Without a catalog at hand, the command
 * goes on and says what it could not check.
 */
async function checkAgainstCatalog(store: Store, params: RouteSaveParams): Promise<void> {
  const catalog = await catalogIds(store, { live: true });
  if (catalog.ids === null) {
    if (!params.shadow)
      warn(
        `the catalog could not be asked (${catalog.reason}); whether '${params.name}' is a catalog model's name was not checked (if it is, that model answers, not the route, unless the route has --shadow).`,
      );
    return;
  }
  if (catalog.ids.has(params.name) && !params.shadow)
    throw new InputError(
      `'${params.name}' is a model in the catalog; a route may take its name only when it shadows it (--shadow).`,
    );
  for (const model of params.models) {
    if (!catalog.ids.has(model) && store.modelRoutes.get(model) === undefined)
      warn(`'${model}' is not in the catalog now; the route skips it until it is.`);
  }
}

function remove(store: Store, name: string): void {
  if (!storeInput(() => store.modelRoutes.delete(name)))
    throw new InputError(`No route named '${name}'. \`model-gateway route list\` shows them.`);
  process.stdout.write(`Route '${name}' removed.\n`);
}

async function list(store: Store, json: boolean): Promise<void> {
  const routes = store.modelRoutes.list();
  // Offline only: a listing does not go to the network to mark models.
  const catalog = routes.length > 0 ? await catalogIds(store, { live: false }) : null;
  const ids = catalog?.ids ?? null;
  const isRoute = (model: string): boolean => store.modelRoutes.get(model) !== undefined;
  if (json) {
    const rows = routes.map((route) => ({
      name: route.name,
      models: route.models,
      shadow: route.shadow,
      firstByteTimeoutMs: route.firstByteTimeoutMs,
      maxRetryAfterMs: route.maxRetryAfterMs,
      createdAt: route.createdAt,
      updatedAt: route.updatedAt,
      // Null when there was no catalog to compare against.
      notInCatalog: ids === null ? null : route.models.filter((m) => !ids.has(m) && !isRoute(m)),
    }));
    process.stdout.write(
      `${JSON.stringify({ routes: rows, defaults: ROUTE_DEFAULTS }, null, 2)}\n`,
    );
    return;
  }
  if (routes.length === 0) {
    process.stdout.write(
      'No routes yet. Create one with `model-gateway route add NAME MODEL [MODEL...]`.\n',
    );
    return;
  }
  const width = Math.max(...routes.map((r) => r.name.length));
  for (const route of routes) process.stdout.write(`${routeLine(route, width, isRoute, ids)}\n`);
  process.stdout.write(`\n${ROUTE_DEFAULTS_NOTE}\n`);
  if (catalog?.ids) process.stdout.write(`Models checked against ${catalog.source}.\n`);
}
