import { createServer } from 'node:net';
import type { CpuProfile } from './cpu-profile-summary.ts';

/** A free loopback port for a child's inspector (asked of the OS, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** The Node flag that opens a child's inspector on `port` (loopback only). */
export const inspectFlag = (port: number): string => `--inspect=127.0.0.1:${port}`;

/**
 * Records a CPU profile of the process whose inspector listens on `port` while `work` runs, and
 * only then: `node --cpu-prof` records from start-up, so module loading (type stripping the
 * sources, compiling SQLite's and zod's set-up) ended up in every profile and in the cost per
 * request the benchmark derived from it. Same `.cpuprofile` format.
 */
export async function profileWhile<T>(
  port: number,
  work: () => Promise<T>,
): Promise<{ result: T; profile: CpuProfile }> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const send = (method: string, params: object = {}): Promise<unknown> =>
    new Promise((resolve) => {
      nextId += 1;
      pending.set(nextId, resolve);
      socket.send(JSON.stringify({ id: nextId, method, params }));
    });
  try {
    await send('Profiler.enable');
    await send('Profiler.start');
    const result = await work();
    const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
    return { result, profile };
  } finally {
    socket.close();
  }
}
