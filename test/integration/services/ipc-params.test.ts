import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeIpcMain, frame } from '../../doubles/electron/fake-electron.ts';
import { bindRpc } from '../../../electron/main/rpc-binding.ts';
import { decodeRpcError } from '../../../electron/main/rpc-error.ts';
import { RPC_CHANNEL } from '../../../electron/preload/ipc-channels.ts';
import type { ModelInfo, Tariff } from '../../../shared/contract.ts';
import { startServices, type ServicesFixture } from './services-fixture.ts';

// The main process's side of `app:rpc` (rpc-binding.ts) over the real services: what a renderer
// sends through ipcRenderer.invoke is checked against the contract's schemas before any use case
// runs, and a malformed call comes back as a `bad_request` that names the field.

const APP_URL = 'file:///app/index.html';
let fx: ServicesFixture;
const ipcMain = new FakeIpcMain();

beforeAll(async () => {
  fx = await startServices();
  bindRpc(ipcMain, {
    services: () => Promise.resolve(fx.services),
    isAppUrl: (url) => url === APP_URL,
    log: () => undefined,
  });
});
afterAll(() => fx.close());

const invoke = (method: string, params: unknown) =>
  ipcMain.invoke(frame(APP_URL), RPC_CHANNEL, method, params);

/** The error a refused invoke carries, decoded as the renderer decodes it. */
async function refusal(method: string, params: unknown) {
  const error = await invoke(method, params).then(
    () => expect.fail(`${method} was not refused`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return decodeRpcError((error as Error).message);
}

const tokens: Tariff = {
  kind: 'tokens',
  modelRatio: 2,
  completionRatio: 3,
  cacheRatio: 0.5,
  groupRatio: 1,
};
const setTariff = (tariff: unknown) =>
  ['models.setOverride', { modelId: 'sim-chat', override: { tariff } }] as const;

describe('app:rpc params', () => {
  it('refuses a tariff with a negative ratio, naming the field', async () => {
    expect(await refusal(...setTariff({ ...tokens, modelRatio: -2 }))).toEqual({
      code: 'bad_request',
      message: 'override.tariff.modelRatio: must be 0 or more',
      i18n: {
        key: 'errors.app.invalidParams',
        params: { detail: 'override.tariff.modelRatio: must be 0 or more' },
      },
    });
  });

  it('refuses a tariff of an unknown kind, or with the other kind’s fields', async () => {
    expect(await refusal(...setTariff({ ...tokens, kind: 'flat' }))).toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^override\.tariff\.kind: .*'tokens' \| 'per-call'/),
    });
    expect(
      await refusal(
        ...setTariff({ kind: 'per-call', modelPrice: 1, groupRatio: 1, cacheRatio: 1 }),
      ),
    ).toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^override\.tariff: .*cacheRatio/),
    });
  });

  it('refuses numbers JSON cannot carry but IPC can', async () => {
    expect(
      await refusal(...setTariff({ ...tokens, groupRatio: Number.POSITIVE_INFINITY })),
    ).toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^override\.tariff\.groupRatio:/),
    });
  });

  it('stores nothing when it refuses', async () => {
    const models = (await invoke('models.list', {})) as ModelInfo[];
    expect(models.find((m) => m.id === 'sim-chat')?.overridden.tariff).toBe(false);
  });

  it('accepts a well-formed tariff and answers with it applied', async () => {
    const models = (await invoke(...setTariff(tokens))) as ModelInfo[];
    expect(models.find((m) => m.id === 'sim-chat')).toMatchObject({
      tariff: tokens,
      inputPerMillion: 4,
      overridden: { tariff: true },
    });
    await invoke('models.clearOverride', { modelId: 'sim-chat' });
  });

  it('refuses other malformed params the same way', async () => {
    expect(await refusal('logs.search', { filter: {}, limit: 0 })).toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^limit:/),
    });
    expect(await refusal('usage.by', { by: 'colour' })).toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^by:/),
    });
    expect(await refusal('settings.update', { theme: 'blue' })).toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^theme:/),
    });
  });
});
