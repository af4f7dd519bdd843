import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RouteModelTest } from '../../shared/contract.ts';
import type { WireFormat } from '../../shared/wire-formats.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { ROUTE_DEFAULTS } from '../gateway/policy/model-route.ts';
import { InvalidInputError } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import { RouteService } from './route-service.ts';
import { errorText } from '../../shared/error-text.ts';

const CATALOG: { id: string; formats: WireFormat[] }[] = [
  { id: 'sim-chat', formats: ['chat'] },
  { id: 'sim-gemini', formats: ['gemini'] },
  { id: 'claude-haiku-4-5', formats: ['anthropic'] },
];

describe('RouteService', () => {
  let temp: TempStore;
  let catalog: () => Promise<typeof CATALOG>;
  let tested: string[];
  let routes: RouteService;
  beforeEach(() => {
    temp = openTempStore();
    catalog = () => Promise.resolve(CATALOG);
    tested = [];
    routes = new RouteService({
      store: temp.store,
      catalog: () => catalog(),
      testModel: (model): Promise<RouteModelTest> => {
        tested.push(model);
        const ok = model !== 'sim-gemini';
        return Promise.resolve({
          model,
          ok,
          status: ok ? 200 : 429,
          latencyMs: 5,
          text: ok ? 'OK' : 'rate limited',
        });
      },
      catalogWaitMs: 100,
    });
  });
  afterEach(() => temp.dispose());

  it('lists routes with what the catalog says of their models, and the default waits', async () => {
    temp.store.modelRoutes.save({ name: 'fast', models: ['gone-model', 'sim-gemini'] });
    temp.store.modelRoutes.save({ name: 'coding', models: ['fast', 'sim-chat'] });
    const { routes: listed, defaults } = await routes.list();
    expect(defaults).toEqual(ROUTE_DEFAULTS);
    expect(listed.map((r) => [r.name, r.models, r.formats, r.missing])).toEqual([
      // A member route stands for its models: the first the catalog knows gives the formats.
      ['coding', ['fast', 'sim-chat'], ['gemini'], ['gone-model']],
      ['fast', ['gone-model', 'sim-gemini'], ['gemini'], ['gone-model']],
    ]);
  });

  it('lists routes without claims when the upstream fails or does not answer soon', async () => {
    temp.store.modelRoutes.save({ name: 'coding', models: ['gone-model'] });
    catalog = () => Promise.reject(new Error('Cannot reach the upstream'));
    expect((await routes.list()).routes[0]).toMatchObject({ formats: [], missing: [] });
    catalog = () => new Promise(() => {});
    expect((await routes.list()).routes[0]).toMatchObject({ formats: [], missing: [] });
  });

  it('refuses a catalog model’s name unless the route shadows it', async () => {
    const params = { name: 'claude-haiku-4-5', models: ['sim-chat'] };
    await expect(routes.save(params)).rejects.toEqual(
      new AppError(
        'bad_request',
        "'claude-haiku-4-5' is a model in the catalog; a route may take its name only when it shadows it (the 'shadow' option).",
        { i18n: errorText('routes.errors.nameIsCatalogModel', { name: 'claude-haiku-4-5' }) },
      ),
    );
    expect(temp.store.modelRoutes.list()).toEqual([]);
    const saved = await routes.save({ ...params, shadow: true });
    expect(saved.route).toMatchObject({ shadow: true, shadowsModel: true, formats: ['chat'] });
    expect(saved.warnings).toEqual([]);
  });

  it('saves models the catalog lacks with a warning each, member routes without one', async () => {
    await routes.save({ name: 'fast', models: ['sim-gemini'] });
    const { route, warnings } = await routes.save({
      name: 'coding',
      models: ['next-model', 'fast', 'sim-chat'],
      firstByteTimeoutMs: 30_000,
    });
    expect(warnings).toEqual([
      "'next-model' is not in the catalog now; the route skips it until it is.",
    ]);
    expect(route).toMatchObject({
      name: 'coding',
      models: ['next-model', 'fast', 'sim-chat'],
      firstByteTimeoutMs: 30_000,
      maxRetryAfterMs: null,
      missing: ['next-model'],
    });
  });

  it('saves without the catalog, saying what it could not check', async () => {
    catalog = () => Promise.reject(new Error('down'));
    const { warnings } = await routes.save({ name: 'sim-chat', models: ['x'] });
    expect(warnings).toEqual([
      'The catalog could not be loaded now, so the name and the models were not checked against it.',
    ]);
  });

  it('leaves the store’s refusals (loops, taken names) to the store', async () => {
    await routes.save({ name: 'a', models: ['sim-chat'] });
    await routes.save({ name: 'b', models: ['a'] });
    await expect(
      routes.save({ name: 'a', previousName: 'a', models: ['b'] }),
    ).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('deletes a route, and says when there is none', async () => {
    await routes.save({ name: 'coding', models: ['sim-chat'] });
    routes.delete('coding');
    expect(temp.store.modelRoutes.list()).toEqual([]);
    expect(() => routes.delete('coding')).toThrow(
      new AppError('not_found', "No route named 'coding'.", {
        i18n: errorText('routes.errors.notFound', { name: 'coding' }),
      }),
    );
  });

  it('tests each model of the route in order, flattened; one failing stops none', async () => {
    await routes.save({ name: 'fast', models: ['sim-gemini'] });
    await routes.save({ name: 'coding', models: ['fast', 'sim-chat'] });
    const results = await routes.test('coding');
    expect(tested).toEqual(['sim-gemini', 'sim-chat']);
    expect(results.map((r) => [r.model, r.ok, r.status])).toEqual([
      ['sim-gemini', false, 429],
      ['sim-chat', true, 200],
    ]);
    await expect(routes.test('nothing')).rejects.toMatchObject({ code: 'not_found' });
  });
});
