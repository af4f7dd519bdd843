import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FORMAT_MARKER, type WireFormat } from '../../../shared/wire-formats.ts';
import type { FormatKit } from '../../format-kits/format-kit.ts';
import { KIT_LIST } from '../../format-kits/kits.ts';

/** One model per format, so a client's request is translated to exactly that format. */
export const fixtureModel = (format: WireFormat): string => `fx-${format}`;

export interface FixtureUpstream {
  url: string;
  /** The recorded payloads the next generation request is answered with, in `kit`'s framing. */
  serve(kit: FormatKit, payloads: string[]): void;
  close(): Promise<void>;
}

/**
 * A stand-in upstream that answers every streamed generation with a recorded stream, framed the
 * way the real service frames that format (each kit's `recorded.frame`: chat ends with `[DONE]`,
 * responses and Messages carry `event:` lines).
 */
export async function startFixtureUpstream(): Promise<FixtureUpstream> {
  let current = '';
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/v1/models') {
      const data = KIT_LIST.map((kit) => ({
        id: fixtureModel(kit.format),
        object: 'model',
        created: 0,
        owned_by: 'fixtures',
        supported_endpoint_types: [FORMAT_MARKER[kit.format]],
      }));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data }));
      return;
    }
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(current);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve(kit, payloads) {
      current = kit.recorded.frame(payloads);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
