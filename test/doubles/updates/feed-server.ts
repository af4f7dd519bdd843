import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedServer {
  /** The feed's base URL: `latest.yml` and the files are under it. */
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  /** Serves `body` at `/<path>` from now on. */
  put(path: string, body: string | Buffer): void;
  close(): Promise<void>;
}

/** A release feed on 127.0.0.1, as GitHub serves a release's assets: static files by path. */
export async function startFeedServer(): Promise<FeedServer> {
  const files = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://feed').pathname).slice(1);
    requests.push(path);
    const body = files.get(path);
    if (!body) {
      res.writeHead(404).end('Not Found');
      return;
    }
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    put: (path, body) => files.set(path, Buffer.from(body)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const sha512Base64 = (body: string | Buffer): string =>
  createHash('sha512').update(body).digest('base64');

/** A `latest.yml` as electron-builder writes it for one installer. */
export function latestYml(version: string, file: string, sha512: string, size: number): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${sha512}`,
    `    size: ${size}`,
    `path: ${file}`,
    `sha512: ${sha512}`,
    `releaseDate: '2026-01-01T00:00:00.000Z'`,
    '',
  ].join('\n');
}
