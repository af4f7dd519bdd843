import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { chatCodec } from '../formats/chat/chat-codec.ts';
import { GracefulClose } from './graceful-close.ts';
import type { RequestRecord } from './request-record.ts';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server whose answers the test writes, tracked by a GracefulClose. */
async function start(answer: (path: string, res: ServerResponse, close: GracefulClose) => void) {
  const s = createServer();
  server = s;
  const graceful = new GracefulClose(s);
  s.on('request', (req, res: ServerResponse) => {
    graceful.track(res);
    answer(req.url ?? '/', res, graceful);
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { graceful, port: (s.address() as AddressInfo).port };
}

/** Reads a response's body until the connection ends, however it ends. */
function get(port: number, path: string, onFirstByte?: () => void) {
  return new Promise<{ body: string; error?: string }>((resolve) => {
    let body = '';
    const req = request({ port, path, host: '127.0.0.1' }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        if (body === '') onFirstByte?.();
        body += text;
      });
      res.on('end', () => resolve({ body }));
      res.on('error', (error) => resolve({ body, error: error.message }));
    });
    req.on('error', (error) => resolve({ body, error: error.message }));
    req.end();
  });
}

describe('GracefulClose', () => {
  it('lets an answer in flight finish within the grace period', async () => {
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const { graceful, port } = await start((_path, res) => {
      arrived();
      setTimeout(() => res.end('done'), 50);
    });
    const answer = get(port, '/');
    // Closing before the request arrived would test a refused connection, not one in flight.
    await inFlight;
    await graceful.close(2_000);
    expect(await answer).toEqual({ body: 'done' });
  });

  it("ends a stream still going at the deadline with its format's error, after a record break", async () => {
    let firstByte!: () => void;
    const started = new Promise<void>((resolve) => (firstByte = resolve));
    const { graceful, port } = await start((_path, res, close) => {
      close.noteGeneration(res, chatCodec, { stream: true } as RequestRecord);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"half":');
    });
    const answer = get(port, '/', firstByte);
    await started;
    await graceful.close(30);
    const { body } = await answer;
    expect(body.startsWith('data: {"half":\n\n')).toBe(true);
    expect(body).toContain('shutting_down');
  });

  it('cuts an answer that is not a stream at the deadline', async () => {
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const { graceful, port } = await start(() => arrived());
    const answer = get(port, '/');
    await inFlight;
    await graceful.close(30);
    expect((await answer).error).toBeDefined();
  });
});
