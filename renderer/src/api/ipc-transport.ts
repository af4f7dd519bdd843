import type { DesktopBridge } from '../../../shared/contract.ts';
import { typedCall, type AppClient } from './api-client.ts';
import { ApiError, isAppErrorBody } from './api-error.ts';
import { createEventHub } from './event-hub.ts';

/** The contract over Electron IPC, through the bridge the preload script exposes. */
export function createIpcApi(bridge: DesktopBridge): AppClient {
  const hub = createEventHub();
  bridge.subscribe((event, payload) => hub.emit(event, payload));

  const raw = async (method: string, params: unknown): Promise<unknown> => {
    let value: unknown;
    try {
      value = await bridge.invoke(method, params);
    } catch (error) {
      throw ipcRejection(error);
    }
    // The bridge may answer in the HTTP transport's envelope; accept both shapes.
    if (isAppErrorBody(value)) throw ApiError.fromBody(value);
    if (isResultEnvelope(value)) return value.result;
    return value;
  };

  return {
    call: typedCall(raw),
    on: hub.on,
    connection: () => 'open',
    onConnection: () => () => undefined,
  };
}

function isResultEnvelope(value: unknown): value is { result: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    'result' in value
  );
}

/**
 * Electron rejects `ipcRenderer.invoke` with a plain Error whose message is its own prefix and
 * then the main process's error message: "Error invoking remote method 'app:rpc': Error: …".
 * The main process puts the contract's `{"error":{code,message,i18n?}}` there (electron/main/
 * rpc-error.ts); decode it so the user reads the app's message and the UI gets the code. Any
 * other rejection keeps its text without Electron's prefix.
 */
function ipcRejection(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const start = message.indexOf('{"error":');
  if (start >= 0) {
    try {
      const body: unknown = JSON.parse(message.slice(start));
      if (isAppErrorBody(body)) return ApiError.fromBody(body);
    } catch {
      // Not the contract's body after all: fall through to the plain text.
    }
  }
  const text = message.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, '');
  return new ApiError('failed', text);
}
