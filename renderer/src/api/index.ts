/**
 * The renderer's one way to the app. Pages and stores import from here only; which transport
 * carries the calls (IPC or HTTP) is decided once, in `createApi`.
 */
import type { AppClient } from './api-client.ts';
import { createApi } from './create-api.ts';

export type { AppClient, ConnectionState } from './api-client.ts';
export { errorMessage, isAuthError } from './api-error.ts';
let current: AppClient | undefined;

/** The window's client, created on first use. */
export function getApi(): AppClient {
  current ??= createApi();
  return current;
}
