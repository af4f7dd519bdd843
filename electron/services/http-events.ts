import type { ServerResponse } from 'node:http';
import type { AppServices } from './app-services-api.ts';

const HEARTBEAT_MS = 15_000;
/** A client this far behind is not reading: drop it rather than buffer without limit. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/**
 * `GET /_app/events`: the contract's events as server-sent events (`event: <name>` and a JSON
 * `data:` line), with a comment line every 15 s so proxies and the browser keep it open.
 * Returns a function that ends the stream (used when the app shuts down).
 */
export function serveEvents(services: AppServices, res: ServerResponse): () => void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'keep-alive',
  });
  // Sent at once, so the client knows the subscription is live before any event happens.
  res.write(': connected\n\n');
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearInterval(heartbeat);
    if (!res.writableEnded) res.end();
  };
  const send = (text: string): void => {
    if (ended) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      res.destroy();
      end();
      return;
    }
    res.write(text);
  };
  const unsubscribe = services.subscribe((event, payload) => {
    send(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  res.once('close', end);
  return end;
}
