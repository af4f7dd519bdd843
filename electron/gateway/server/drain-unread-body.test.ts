import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainUnreadBody, type DrainLimits } from './drain-unread-body.ts';

/** A server that answers 413 at once, before reading a byte of the body, then drains it. */
async function refusingServer(limits: DrainLimits): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    res.writeHead(413, { 'content-type': 'text/plain', 'content-length': '3' }).end('big');
    drainUnreadBody(req, limits);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A raw connection that records what it receives and when it closed. */
async function open(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  return { socket, closed, received: () => received };
}

const write = (socket: Socket, data: string | Buffer) =>
  new Promise<void>((resolve, reject) => socket.write(data, (e) => (e ? reject(e) : resolve())));

const head = (length: number) =>
  `POST /x HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${length}\r\n\r\n`;

let server: Server | undefined;
afterEach(async () => {
  const s = server;
  server = undefined;
  if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
});

describe('drainUnreadBody', () => {
  it('reads the rest of the body, and the connection serves the next request', async () => {
    const started = await refusingServer({ maxBytes: 1 << 20, maxMs: 5000, idleMs: 1000 });
    server = started.server;
    const c = await open(started.port);
    const body = Buffer.alloc(200_000, 'a');
    await write(c.socket, head(body.length));
    await write(c.socket, body);
    await write(c.socket, head(0));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(c.received().match(/HTTP\/1\.1 413/g)).toHaveLength(2);
    expect(c.socket.destroyed).toBe(false);
    c.socket.destroy();
  });

  it('cuts a client that sends more than the bytes it may', async () => {
    const started = await refusingServer({ maxBytes: 64 * 1024, maxMs: 5000, idleMs: 1000 });
    server = started.server;
    const c = await open(started.port);
    await write(c.socket, head(10 << 20));
    const piece = Buffer.alloc(16 * 1024, 'a');
    for (let i = 0; i < 64 && !c.socket.destroyed; i += 1)
      await write(c.socket, piece).catch(() => undefined);
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 413/);
  });

  it('cuts a client that goes quiet, and one that drips for too long', async () => {
    const started = await refusingServer({ maxBytes: 1 << 20, maxMs: 600, idleMs: 150 });
    server = started.server;
    const quiet = await open(started.port);
    await write(quiet.socket, head(1000));
    const quietFrom = Date.now();
    expect((await quiet.closed) - quietFrom).toBeLessThan(1000);

    const drip = await open(started.port);
    await write(drip.socket, head(1000));
    const dripFrom = Date.now();
    const timer = setInterval(() => void write(drip.socket, 'a').catch(() => undefined), 50);
    const closedAt = await drip.closed;
    clearInterval(timer);
    // Each byte keeps it from being idle; the total bound cuts it.
    expect(closedAt - dripFrom).toBeGreaterThanOrEqual(500);
    expect(closedAt - dripFrom).toBeLessThan(2000);
  });
});
