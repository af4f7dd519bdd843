import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRouteInfo } from '../../../shared/contract.ts';
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

describe('the routes store', () => {
  beforeEach(() => {
    call.mockReset();
    useRoutesStore.setState({
      routes: [],
      defaults: null,
      status: 'idle',
      error: null,
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

  it('saves a rename in place', async () => {
    useRoutesStore.setState({ routes: [route('coding', ['a'])], status: 'ready' });
    call.mockImplementation((method: string) =>
      method === 'routes.save'
        ? Promise.resolve({ route: route('code', ['a', 'gone']), warnings: ['gone is not listed'] })
        : Promise.resolve({ routes: [route('code', ['a', 'gone'])], defaults: DEFAULTS }),
    );
    await useRoutesStore
      .getState()
      .save({ name: 'code', previousName: 'coding', models: ['a', 'gone'] });
    expect(useRoutesStore.getState().routes.map((r) => r.name)).toEqual(['code']);
  });

  it('leaves everything as it was when the app refuses a route', async () => {
    useRoutesStore.setState({ routes: [route('coding', ['a'])], status: 'ready' });
    call.mockRejectedValueOnce(new ApiError('bad_request', 'A route needs at least one model.'));
    await expect(useRoutesStore.getState().save({ name: 'empty', models: [] })).rejects.toThrow(
      'A route needs at least one model.',
    );
    expect(useRoutesStore.getState().routes.map((r) => r.name)).toEqual(['coding']);
  });
  it('takes a deleted route off the list', async () => {
    useRoutesStore.setState({ routes: [route('coding', ['a']), route('fast', ['b'])] });
    call.mockResolvedValueOnce(undefined);
    await useRoutesStore.getState().remove('coding');
    expect(call).toHaveBeenCalledWith('routes.delete', { name: 'coding' });
    expect(useRoutesStore.getState().routes.map((r) => r.name)).toEqual(['fast']);
  });
});
