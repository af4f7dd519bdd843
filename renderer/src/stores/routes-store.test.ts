import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRouteInfo, RouteModelTest } from '../../../shared/contract.ts';
import { ApiError } from '../api/api-error.ts';

const call = vi.fn();
vi.mock('../api/index.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  getApi: () => ({ call }),
}));

const { useRoutesStore } = await import('./routes-store.ts');

const route = (name: string, models: string[]): ModelRouteInfo => ({
  name,
  models,
  shadow: false,
  firstByteTimeoutMs: null,
  maxRetryAfterMs: null,
  createdAt: 0,
  updatedAt: 0,
  formats: ['chat'],
  missing: [],
  shadowsModel: false,
});
const DEFAULTS = { firstByteTimeoutMs: 60_000, maxRetryAfterMs: 2_000 };

/** A promise settled from the test. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the routes store', () => {
  beforeEach(() => {
    call.mockReset();
    useRoutesStore.setState({
      routes: [],
      defaults: null,
      status: 'idle',
      error: null,
      warnings: {},
      tests: {},
      fallbacks: {},
    });
  });

  it('loads the routes and their defaults', async () => {
    call.mockResolvedValueOnce({ routes: [route('coding', ['a'])], defaults: DEFAULTS });
    await useRoutesStore.getState().load();
    expect(useRoutesStore.getState()).toMatchObject({ status: 'ready', defaults: DEFAULTS });
    expect(call).toHaveBeenCalledWith('routes.list');
  });

  it('keeps the routes shown when loading again fails, and says why', async () => {
    call.mockResolvedValueOnce({ routes: [route('coding', ['a'])], defaults: DEFAULTS });
    await useRoutesStore.getState().load();
    call.mockRejectedValueOnce(new ApiError('internal', 'store busy'));
    await useRoutesStore.getState().load();
    expect(useRoutesStore.getState()).toMatchObject({ status: 'ready', error: 'store busy' });
    expect(useRoutesStore.getState().routes).toHaveLength(1);
  });

  it('saves a rename in place and keeps the app’s warnings for the card', async () => {
    useRoutesStore.setState({ routes: [route('coding', ['a'])], status: 'ready' });
    call.mockImplementation((method: string) =>
      method === 'routes.save'
        ? Promise.resolve({ route: route('code', ['a', 'gone']), warnings: ['gone is not listed'] })
        : Promise.resolve({ routes: [route('code', ['a', 'gone'])], defaults: DEFAULTS }),
    );
    await useRoutesStore
      .getState()
      .save({ name: 'code', previousName: 'coding', models: ['a', 'gone'] });
    const state = useRoutesStore.getState();
    expect(state.routes.map((r) => r.name)).toEqual(['code']);
    expect(state.warnings).toEqual({ code: ['gone is not listed'] });
  });

  it('leaves everything as it was when the app refuses a route', async () => {
    useRoutesStore.setState({ routes: [route('coding', ['a'])], status: 'ready' });
    call.mockRejectedValueOnce(new ApiError('bad_request', 'A route needs at least one model.'));
    await expect(useRoutesStore.getState().save({ name: 'empty', models: [] })).rejects.toThrow(
      'A route needs at least one model.',
    );
    expect(useRoutesStore.getState().routes.map((r) => r.name)).toEqual(['coding']);
  });

  it('ignores the result of a test that was cancelled', async () => {
    const answer = deferred<RouteModelTest[]>();
    call.mockReturnValueOnce(answer.promise);
    const running = useRoutesStore.getState().test('coding');
    expect(useRoutesStore.getState().tests.coding?.state).toBe('running');
    useRoutesStore.getState().cancelTest('coding');
    answer.resolve([{ model: 'a', ok: true, status: 200, latencyMs: 5, text: 'hi' }]);
    await running;
    expect(useRoutesStore.getState().tests.coding).toBeUndefined();
  });

  it('shows each model’s answer or error once a test ends', async () => {
    const results = [
      { model: 'a', ok: false, status: 429, latencyMs: 5, text: 'Too many requests' },
      { model: 'b', ok: true, status: 200, latencyMs: 9, text: 'hello' },
    ];
    call.mockResolvedValueOnce(results);
    await useRoutesStore.getState().test('coding');
    expect(useRoutesStore.getState().tests.coding).toEqual({ state: 'done', results });
    expect(call).toHaveBeenCalledWith('routes.test', { name: 'coding' });
  });

  it('asks the log for the route’s last ten fallbacks', async () => {
    call.mockResolvedValueOnce({ rows: [], total: 0 });
    await useRoutesStore.getState().loadFallbacks('coding');
    expect(call).toHaveBeenCalledWith('logs.search', {
      filter: { modelRoute: 'coding', fellBack: true },
      limit: 10,
      offset: 0,
    });
    expect(useRoutesStore.getState().fallbacks.coding?.status).toBe('ready');
  });
});
