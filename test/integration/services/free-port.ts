import { createServer, type Server } from 'node:net';

/** Holds a loopback port open, as another program would. */
export async function occupyPort(): Promise<{ port: number; release(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    release: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const held = await occupyPort();
  await held.release();
  return held.port;
}
