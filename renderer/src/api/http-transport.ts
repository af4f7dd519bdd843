import { APP_TOKEN_HEADER, EVENTS_PATH, RPC_PATH } from '../../../shared/contract.ts';
import { typedCall, type AppClient, type ConnectionState } from './api-client.ts';
import { ApiError, isAppErrorBody } from './api-error.ts';
import type { BackoffOptions } from './backoff.ts';
import { createEventHub } from './event-hub.ts';
import { openEventStream, type EventStream } from './event-stream.ts';
import { i18n } from '../i18n/i18n.ts';

export interface HttpTransportOptions {
  /** Origin of the app's server; empty for the page's own origin. */
  baseUrl?: string;
  /** The UI session token, or null when the page was opened without one. */
  token: string | null;
  fetch?: typeof fetch;
  backoff?: BackoffOptions;
}

/** The contract over HTTP (headless mode): `POST /_app/rpc` and the `/_app/events` stream. */
export function createHttpApi(options: HttpTransportOptions): AppClient {
  const baseUrl = options.baseUrl ?? '';
  // Bound so a browser's fetch is never called with a foreign `this`.
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const { token } = options;

  let state: ConnectionState = token ? 'connecting' : 'missing-token';
  const stateListeners = new Set<(state: ConnectionState) => void>();
  const setState = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...stateListeners]) listener(next);
  };

  let stream: EventStream | undefined;
  // The stream is open while anyone listens, so a page that never subscribes costs nothing.
  const hub = createEventHub((size) => {
    if (!token) return;
    if (size > 0 && !stream) {
      stream = openEventStream({
        url: baseUrl + EVENTS_PATH,
        token,
        fetch: doFetch,
        onEvent: (name, payload) => hub.emit(name, payload),
        onState: setState,
        ...(options.backoff ? { backoff: options.backoff } : {}),
      });
    } else if (size === 0 && stream) {
      stream.close();
      stream = undefined;
    }
  });

  const raw = async (method: string, params: unknown): Promise<unknown> => {
    if (!token) {
      throw new ApiError('missing_token', i18n.t('api.missingToken'));
    }
    let response: Response;
    try {
      response = await doFetch(baseUrl + RPC_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [APP_TOKEN_HEADER]: token },
        body: JSON.stringify({ method, params }),
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new ApiError('network', i18n.t('api.network', { detail }));
    }
    const body = await readJson(response);
    if (isAppErrorBody(body)) {
      if (response.status === 401 || response.status === 403) setState('unauthorized');
      throw ApiError.fromBody(body, response.status);
    }
    if (!response.ok) {
      const unauthorized = response.status === 401 || response.status === 403;
      if (unauthorized) setState('unauthorized');
      throw new ApiError(
        unauthorized ? 'unauthorized' : 'http_error',
        unauthorized
          ? i18n.t('api.unauthorized')
          : i18n.t('api.httpError', { status: response.status, text: response.statusText }).trim(),

        response.status,
      );
    }
    if (typeof body === 'object' && body !== null && 'result' in body) return body.result;
    // `void` methods may answer `{}`.
    return undefined;
  };

  return {
    call: typedCall(raw),
    on: hub.on,
    connection: () => state,
    onConnection(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
