import type { AppServices } from '../services/app-services-api.ts';
import { AppError } from '../services/app-services-api.ts';
import { RPC_CHANNEL } from '../preload/ipc-channels.ts';
import type { IpcMainLike, WebFrameLike } from './electron-like.ts';
import { encodeRpcError } from './rpc-error.ts';

/**
 * Binds `app:rpc` to the services. Only the app's own top-level page may call: a frame from
 * anywhere else (an iframe, a page navigated elsewhere, a destroyed frame) is refused, because
 * these methods can create tokens and set the upstream key. Failures reject in the encoding of
 * rpc-error.ts. Calls made while the services are still starting wait for them.
 */
export function bindRpc(
  ipcMain: IpcMainLike,
  options: {
    services: () => Promise<AppServices>;
    isAppUrl: (url: string) => boolean;
    log: (line: string) => void;
  },
): void {
  ipcMain.handle(RPC_CHANNEL, async (event, method, params) => {
    if (!isOwnTopFrame(event.senderFrame, options.isAppUrl)) {
      options.log(`refused app:rpc from ${event.senderFrame?.url ?? 'a destroyed frame'}`);
      throw encodeRpcError(new AppError('forbidden', 'This page may not call the app.'));
    }
    if (typeof method !== 'string') {
      throw encodeRpcError(new AppError('bad_request', 'The method name must be a string.'));
    }
    try {
      const services = await options.services();
      return await services.handle(method, params);
    } catch (error) {
      throw encodeRpcError(error);
    }
  });
}

function isOwnTopFrame(frame: WebFrameLike | null, isAppUrl: (url: string) => boolean): boolean {
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}
