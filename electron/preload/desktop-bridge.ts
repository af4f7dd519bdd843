import type { DesktopBridge } from '../../shared/contract.ts';
import { EVENT_CHANNEL, RPC_CHANNEL } from './ipc-channels.ts';

/** The part of ipcRenderer the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * The bridge the page gets as `window.appBridge`: two functions and nothing else. Only plain
 * values cross it. The IPC event object is never handed to the page (it would carry `sender`,
 * the ipcRenderer itself), and callers cannot pick the channel.
 */
export function createDesktopBridge(ipc: IpcRendererLike): DesktopBridge {
  return {
    invoke: (method, params) => ipc.invoke(RPC_CHANNEL, method, params),
    subscribe: (listener) => {
      const relay = (_event: unknown, name: unknown, payload: unknown): void => {
        if (typeof name === 'string') listener(name, payload);
      };
      ipc.on(EVENT_CHANNEL, relay);
      return () => {
        ipc.removeListener(EVENT_CHANNEL, relay);
      };
    },
  };
}
