import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type UpstreamFormat = 'chat' | 'responses' | 'gemini';

/** One model per format, so a client's request is translated to exactly that format. */
export const FIXTURE_MODELS: Record<UpstreamFormat, string> = {
  chat: 'fx-chat',
  responses: 'fx-responses',
  gemini: 'fx-gemini',
};
const MARKER: Record<UpstreamFormat, string> = {
  chat: 'openai',
  responses: 'openai-response',
  gemini: 'gemini',
};

export interface FixtureUpstream {
  url: string;
  /** The SSE payloads the next generation request is answered with. */
  serve(format: UpstreamFormat, payloads: string[]): void;
  close(): Promise<void>;
}

/**
 * A stand-in upstream that answers every streamed generation with a recorded stream, framed the
 * way the real service frames that format (chat ends with `[DONE]`, responses carry `event:` lines).
 */
export async function startFixtureUpstream(): Promise<FixtureUpstream> {
  let current: { format: UpstreamFormat; payloads: string[] } = { format: 'chat', payloads: [] };
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/v1/models') {
      const data = Object.entries(FIXTURE_MODELS).map(([format, id]) => ({
        id,
        object: 'model',
        created: 0,
        owned_by: 'fixtures',
        supported_endpoint_types: [MARKER[format as UpstreamFormat]],
      }));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data }));
      return;
    }
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const payload of current.payloads) {
        const type =
          current.format === 'responses'
            ? (JSON.parse(payload) as { type?: string }).type
            : undefined;
        res.write(`${type ? `event: ${type}\n` : ''}data: ${payload}\n\n`);
      }
      if (current.format === 'chat') res.write('data: [DONE]\n\n');
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve(format, payloads) {
      current = { format, payloads };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
