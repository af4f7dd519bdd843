import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRouteInfo, RouteModelTest } from '../../../shared/contract.ts';

const call = vi.fn();
vi.mock('../api/index.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  getApi: () => ({ call }),
}));

const { useRouteActivityStore } = await import('./route-activity-store.ts');

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

const RESULTS: RouteModelTest[] = [
  { model: 'a', ok: false, status: 429, latencyMs: 5, text: 'Too many requests' },
  { model: 'b', ok: true, status: 200, latencyMs: 9, text: 'hello' },
];

/** A promise settled from the test. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the routes’ tests, fallbacks and save warnings', () => {
  beforeEach(() => {
    call.mockReset();
    useRouteActivityStore.setState({ warnings: {}, tests: {}, fallbacks: {} });
  });

  it('keeps the app’s warnings for the card under a renamed route’s new name', () => {
    useRouteActivityStore.setState({
      warnings: { coding: ['old warning'] },
      tests: { coding: { state: 'done', results: RESULTS } },
      fallbacks: { coding: { status: 'ready', rows: [], total: null, error: null } },
    });
    useRouteActivityStore
      .getState()
      .onSaved(
        { name: 'code', previousName: 'coding', models: ['a', 'gone'] },
        { route: route('code', ['a', 'gone']), warnings: ['gone is not listed'] },
      );
    expect(useRouteActivityStore.getState()).toMatchObject({
      warnings: { code: ['gone is not listed'] },
      tests: {},
      fallbacks: {},
    });
  });

  it('drops the test of a route as it was once it is saved, and warnings the app no longer has', () => {
    useRouteActivityStore.setState({
      warnings: { coding: ['gone is not listed'] },
      tests: { coding: { state: 'done', results: RESULTS } },
    });
    useRouteActivityStore
      .getState()
      .onSaved({ name: 'coding', models: ['a'] }, { route: route('coding', ['a']), warnings: [] });
    expect(useRouteActivityStore.getState()).toMatchObject({ warnings: {}, tests: {} });
  });

  it('forgets a deleted route', () => {
    useRouteActivityStore.setState({
      warnings: { coding: ['w'], fast: ['w'] },
      tests: { coding: { state: 'done', results: RESULTS } },
      fallbacks: { coding: { status: 'ready', rows: [], total: null, error: null } },
    });
    useRouteActivityStore.getState().onRemoved('coding');
    expect(useRouteActivityStore.getState()).toMatchObject({
      warnings: { fast: ['w'] },
      tests: {},
      fallbacks: {},
    });
  });

  it('ignores the result of a test that was cancelled', async () => {
    const answer = deferred<RouteModelTest[]>();
    call.mockReturnValueOnce(answer.promise);
    const running = useRouteActivityStore.getState().test('coding');
    expect(useRouteActivityStore.getState().tests.coding?.state).toBe('running');
    useRouteActivityStore.getState().cancelTest('coding');
    answer.resolve([{ model: 'a', ok: true, status: 200, latencyMs: 5, text: 'hi' }]);
    await running;
    expect(useRouteActivityStore.getState().tests.coding).toBeUndefined();
  });

  it('shows each model’s answer or error once a test ends', async () => {
    call.mockResolvedValueOnce(RESULTS);
    await useRouteActivityStore.getState().test('coding');
    expect(useRouteActivityStore.getState().tests.coding).toEqual({
      state: 'done',
      results: RESULTS,
    });
    expect(call).toHaveBeenCalledWith('routes.test', { name: 'coding' });
  });

  it('asks the log for the route’s last ten fallbacks', async () => {
    call.mockResolvedValueOnce({
      rows: [],
      next: null,
      total: { count: 0, atLeast: false },
      searchedTo: null,
    });
    await useRouteActivityStore.getState().loadFallbacks('coding');
    expect(call).toHaveBeenCalledWith('logs.search', {
      filter: { modelRoute: 'coding', fellBack: true },
      limit: 10,
    });
    expect(useRouteActivityStore.getState().fallbacks.coding?.status).toBe('ready');
  });

  it('reads a route’s fallbacks again when it falls back, only if they are shown', () => {
    call.mockResolvedValue({
      rows: [],
      next: null,
      total: { count: 0, atLeast: false },
      searchedTo: null,
    });
    useRouteActivityStore.getState().onFallback('coding');
    useRouteActivityStore.getState().onFallback(null);
    expect(call).not.toHaveBeenCalled();
    useRouteActivityStore.setState({
      fallbacks: { coding: { status: 'ready', rows: [], total: null, error: null } },
    });
    useRouteActivityStore.getState().onFallback('coding');
    expect(call).toHaveBeenCalledTimes(1);
  });
});
