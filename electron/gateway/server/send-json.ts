import type { ServerResponse } from 'node:http';

/** A complete JSON reply. `application/json` matters: openai-node returns other bodies as strings. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** Writes and waits for the socket to drain when Node's buffer is full, so a slow client slows the upstream read. */
export async function writeWithBackpressure(
  res: ServerResponse,
  data: string | Uint8Array,
): Promise<void> {
  if (res.destroyed) return;
  if (res.write(data)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
