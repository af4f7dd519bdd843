/**
 * The two IPC channels of the desktop bridge, shared by the preload and main. `app:rpc` carries
 * `(method, params)` invocations of the contract; `app:event` carries `(name, payload)` events.
 */
export const RPC_CHANNEL = 'app:rpc';
export const EVENT_CHANNEL = 'app:event';
