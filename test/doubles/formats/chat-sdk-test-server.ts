import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';

/**
 * Serves one fixed reply on 127.0.0.1 (port 0) so tests can let the official openai SDK parse
 * what an encoder wrote: JSON bodies as `application/json`, SSE text as `text/event-stream`.
 */
export async function withOpenAiClient<T>(
  reply: { json: unknown } | { sse: string },
  run: (client: OpenAI) => Promise<T>,
): Promise<T> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if ('json' in reply) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.json));
      } else {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(reply.sse);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await run(
      new OpenAI({ apiKey: 'test', baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0 }),
    );
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
