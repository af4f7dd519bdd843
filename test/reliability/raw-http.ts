import { request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * HTTP clients with no pooling and no helpfulness: any Host, any bytes, any pace, and a socket
 * the test can drop at the exact moment it wants. Everything is bounded by a timeout.
 */

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Default 10 s: no test waits longer for one reply. */
  timeoutMs?: number;
}

/** One request on its own connection (no agent), with the headers exactly as given. */
export function httpRequest(baseUrl: string, options: RawRequest): Promise<RawReply> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers ?? {},
        agent: false,
        setHost: options.headers?.host === undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString(),
          });
        });
        res.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no reply within ${options.timeoutMs ?? 10_000} ms`));
    }, options.timeoutMs ?? 10_000);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(options.body);
  });
}

export interface RawConnection {
  socket: Socket;
  /** Everything received so far. */
  received(): Buffer;
  write(data: string | Buffer): Promise<void>;
  /** Resolves once the received bytes match, or rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves when the server closed the connection (or it was destroyed). */
  closed: Promise<void>;
  /** Drops the connection at once (RST-like from the gateway's view: no more bytes). */
  drop(): void;
}

/** A bare TCP connection to the gateway, for bytes a normal client would never send. */
export async function openConnection(baseUrl: string): Promise<RawConnection> {
  const url = new URL(baseUrl);
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  // A reset from the gateway is an answer too; tests read `received()` and `closed`.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const received = (): Buffer => Buffer.concat(chunks);
  return {
    socket,
    received,
    write: (data) =>
      new Promise<void>((resolve, reject) =>
        socket.write(data, (error) => (error ? reject(error) : resolve())),
      ),
    async waitFor(pattern, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const text = received().toString('latin1');
        if (pattern.test(text)) return text;
        if (Date.now() > deadline || socket.destroyed)
          throw new Error(`no ${pattern} in ${JSON.stringify(text.slice(0, 300))}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    closed,
    drop: () => socket.destroy(),
  };
}

/** The request line and headers of a POST, for writing by hand. */
export function postHead(
  path: string,
  headers: Record<string, string>,
  contentLength: number | 'chunked',
): string {
  const lines = [`POST ${path} HTTP/1.1`, 'host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(
    contentLength === 'chunked' ? 'transfer-encoding: chunked' : `content-length: ${contentLength}`,
  );
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Parses a whole HTTP/1.1 response received on a raw connection (content-length or close). */
export function parseRawResponse(raw: Buffer): { status: number; head: string; body: string } {
  const text = raw.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const head = split === -1 ? text : text.slice(0, split);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  return { status, head, body: split === -1 ? '' : text.slice(split + 4) };
}
