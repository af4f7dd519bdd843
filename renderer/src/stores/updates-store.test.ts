import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSettings, AppStatus } from '../../../shared/contract.ts';
import { ApiError } from '../api/api-error.ts';
import { defaultAppSettings } from '../../../test/doubles/settings/default-app-settings.ts';

const call = vi.fn();
vi.mock('../api/index.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  getApi: () => ({ call }),
}));

const { useUpdatesStore } = await import('./updates-store.ts');
const { useAppStore } = await import('./app-store.ts');

const SETTINGS: AppSettings = defaultAppSettings();

describe('the updates store', () => {
  beforeEach(() => {
    call.mockReset();
    useUpdatesStore.setState({ status: null, error: null, busy: false });
    useAppStore.setState({ settings: SETTINGS });
  });

  it('saves the switch as a setting, then reads where updates stand', async () => {
    call.mockImplementation((method: string, params: unknown) =>
      Promise.resolve(
        method === 'settings.update'
          ? {
              settings: { ...SETTINGS, ...(params as Partial<AppSettings>) },
              status: {} as AppStatus,
            }
          : { state: 'disabled' },
      ),
    );
    await useUpdatesStore.getState().setEnabled(false);
    expect(call.mock.calls).toEqual([
      ['settings.update', { autoUpdate: false }],
      ['updates.status'],
    ]);
    expect(useAppStore.getState().settings?.autoUpdate).toBe(false);
    expect(useUpdatesStore.getState()).toMatchObject({
      status: { state: 'disabled' },
      busy: false,
      error: null,
    });
  });

  it('keeps the switch as it was when saving fails, and says why', async () => {
    call.mockRejectedValueOnce(new ApiError('internal', 'The store is read-only.'));
    await useUpdatesStore.getState().setEnabled(false);
    expect(useAppStore.getState().settings?.autoUpdate).toBe(true);
    expect(useUpdatesStore.getState().error).toBe('The store is read-only.');
  });

  it('checks now, and restarts only when asked', async () => {
    call.mockResolvedValueOnce({ state: 'ready', version: '1.3.0' });
    await useUpdatesStore.getState().check();
    expect(useUpdatesStore.getState().status).toEqual({ state: 'ready', version: '1.3.0' });
    expect(call.mock.calls).toEqual([['updates.check']]);
    call.mockResolvedValueOnce(undefined);
    await useUpdatesStore.getState().restart();
    expect(call.mock.calls.at(-1)).toEqual(['updates.install']);
  });

  it('takes the status the app pushes', () => {
    useUpdatesStore.getState().setStatus({ state: 'downloading', version: '1.3.0', percent: 40 });
    expect(useUpdatesStore.getState().status).toMatchObject({ percent: 40 });
  });
});
