import { describe, expect, it } from 'vitest';
import type { DesktopBridge } from '../../../shared/contract.ts';
import { ApiError } from './api-error.ts';
import { createApiFor } from './create-api.ts';
import { createIpcApi } from './ipc-transport.ts';

function fakeBridge(answer: (method: string, params: unknown) => Promise<unknown>) {
  let push: (event: string, payload: unknown) => void = () => undefined;
  const bridge: DesktopBridge = {
    invoke: answer,
    subscribe(listener) {
      push = listener;
      return () => undefined;
    },
  };
  return { bridge, push: (event: string, payload: unknown) => push(event, payload) };
}

describe('IPC transport', () => {
  it('passes method and params to the bridge and returns its answer', async () => {
    const calls: unknown[] = [];
    const { bridge } = fakeBridge(async (method, params) => {
      calls.push([method, params]);
      return [{ id: 't1' }];
    });
    const api = createIpcApi(bridge);
    await expect(api.call('tokens.list')).resolves.toEqual([{ id: 't1' }]);
    expect(calls).toEqual([['tokens.list', undefined]]);
  });

  it('unwraps the {result} / {error} envelope when the bridge uses it', async () => {
    const { bridge } = fakeBridge(async (method) =>
      method === 'tokens.list'
        ? { result: [] }
        : { error: { code: 'keychain_unavailable', message: 'No Secret Service.' } },
    );
    const api = createIpcApi(bridge);
    await expect(api.call('tokens.list')).resolves.toEqual([]);
    await expect(api.call('key.clear', { profileId: 'p' })).rejects.toMatchObject({
      code: 'keychain_unavailable',
      message: 'No Secret Service.',
    });
  });

  it('decodes the contract’s error body that the main process puts in the rejection', async () => {
    const { bridge } = fakeBridge(async () => {
      throw new Error(
        'Error invoking remote method \'app:rpc\': Error: {"error":{"code":"port_in_use","message":"Port 8787 is taken."}}',
      );
    });
    await expect(
      createIpcApi(bridge).call('settings.update', { port: 8787 }),
    ).rejects.toMatchObject({
      code: 'port_in_use',
      message: 'Port 8787 is taken.',
    });
  });

  it('keeps the catalog text the main process named beside the message', async () => {
    const { bridge } = fakeBridge(async () => {
      throw new Error(
        'Error invoking remote method \'app:rpc\': Error: {"error":{"code":"conflict","message":"Busy.","i18n":{"key":"chat.errors.busy"}}}',
      );
    });
    await expect(
      createIpcApi(bridge).call('chat.regenerate', { conversationId: 'c' }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: 'Busy.',
      i18n: { key: 'chat.errors.busy' },
    });
  });

  it('strips Electron’s wrapper from any other rejected invoke', async () => {
    const { bridge } = fakeBridge(async () => {
      throw new Error("Error invoking remote method 'upstream.test': AppError: Invalid key");
    });
    const error = await createIpcApi(bridge)
      .call('upstream.test', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Invalid key');
  });

  it('delivers pushed events to listeners of that name only', () => {
    const { bridge, push } = fakeBridge(async () => undefined);
    const api = createIpcApi(bridge);
    const got: unknown[] = [];
    const off = api.on('logs.appended', (rows) => got.push(rows.length));
    push('logs.appended', [{}, {}]);
    push('chat.delta', { text: 'x' });
    off();
    push('logs.appended', [{}]);
    expect(got).toEqual([2]);
    expect(api.connection()).toBe('open');
  });
});

describe('createApiFor', () => {
  const storage = { getItem: () => null, setItem: () => undefined };

  it('picks IPC when the bridge exists', async () => {
    const { bridge } = fakeBridge(async () => 'via-ipc');
    const api = createApiFor({ bridge, location: { href: 'http://x/?token=t' }, storage });
    await expect(api.call('app.status')).resolves.toBe('via-ipc');
  });

  it('picks HTTP otherwise, with the token from the URL', async () => {
    const seen: string[] = [];
    const fakeFetch = (async (_url: unknown, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('x-app-token') ?? '');
      return new Response(JSON.stringify({ result: 'via-http' }));
    }) as typeof fetch;
    const api = createApiFor({
      location: { href: 'http://x/?token=t9' },
      storage,
      fetch: fakeFetch,
    });
    await expect(api.call('app.status')).resolves.toBe('via-http');
    expect(seen).toEqual(['t9']);
  });
});
