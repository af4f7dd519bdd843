import type { AppApi } from '../../../shared/contract.ts';

/**
 * How the live-event connection is doing. IPC is always `open`; HTTP reconnects with backoff,
 * and stops at `unauthorized` / `missing-token`, where only a fresh URL from the app helps.
 */
export type ConnectionState =
  'connecting' | 'open' | 'reconnecting' | 'unauthorized' | 'missing-token';

/** The contract plus the connection state, which only the app shell looks at. */
export interface AppClient extends AppApi {
  connection(): ConnectionState;
  onConnection(listener: (state: ConnectionState) => void): () => void;
}

/** A transport's raw call, typed into the contract's generic `call`. */
export function typedCall(
  raw: (method: string, params: unknown) => Promise<unknown>,
): AppApi['call'] {
  const call = (method: string, ...rest: unknown[]): Promise<unknown> => raw(method, rest[0]);
  return call as unknown as AppApi['call'];
}
