import { API_GLOBAL, type DesktopBridge } from '../../../shared/contract.ts';
import type { AppClient } from './api-client.ts';
import { createHttpApi } from './http-transport.ts';
import { createIpcApi } from './ipc-transport.ts';
import { takeUiToken, type TokenEnvironment } from './session-token.ts';

export interface ApiEnvironment extends TokenEnvironment {
  bridge?: DesktopBridge | undefined;
  fetch?: typeof fetch;
}

/** IPC when the preload script exposed its bridge (Electron), else HTTP to the page's origin. */
export function createApiFor(env: ApiEnvironment): AppClient {
  if (env.bridge) return createIpcApi(env.bridge);
  return createHttpApi({
    token: takeUiToken(env),
    ...(env.fetch ? { fetch: env.fetch } : {}),
  });
}

function isBridge(value: unknown): value is DesktopBridge {
  return (
    typeof value === 'object' &&
    value !== null &&
    'invoke' in value &&
    typeof value.invoke === 'function' &&
    'subscribe' in value &&
    typeof value.subscribe === 'function'
  );
}

/** The client for this window. */
export function createApi(): AppClient {
  const candidate: unknown = Reflect.get(window, API_GLOBAL);
  return createApiFor({
    bridge: isBridge(candidate) ? candidate : undefined,
    location: window.location,
    storage: window.sessionStorage,
    history: window.history,
  });
}
