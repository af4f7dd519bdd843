// The renderer's HTTP transport against a real server. It lives outside renderer/ because the
// test itself needs Node (node:http); the code under test does not.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../renderer/src/api/api-client.ts';
import { ApiError, isAuthError } from '../../renderer/src/api/api-error.ts';
import { createHttpApi } from '../../renderer/src/api/http-transport.ts';
import { RPC_PATH } from '../../shared/contract.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server | undefined;

async function serve(handler: Handler): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

async function stop() {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
}

afterEach(stop);

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

describe('HTTP transport: RPC', () => {
  it('posts {method, params} with the token header and returns the result', async () => {
    const seen: { path?: string; method?: string; token?: string; body?: unknown } = {};
    const baseUrl = await serve((req, res, body) => {
      seen.path = req.url;
      seen.method = req.method;
      seen.token = req.headers['x-app-token'] as string;
      seen.body = JSON.parse(body);
      json(res, 200, { result: { id: 'c1', title: 'Hello' } });
    });
    const api = createHttpApi({ baseUrl, token: 'ui-secret' });
    const result = await api.call('chat.get', { id: 'c1' });
    expect(result).toEqual({ id: 'c1', title: 'Hello' });
    expect(seen).toEqual({
      path: RPC_PATH,
      method: 'POST',
      token: 'ui-secret',
      body: { method: 'chat.get', params: { id: 'c1' } },
    });
  });

  it('turns an error body into an ApiError with the server’s code and message', async () => {
    const baseUrl = await serve((_req, res) =>
      json(res, 400, { error: { code: 'insufficient_balance', message: 'Your balance is low.' } }),
    );
    const api = createHttpApi({ baseUrl, token: 't' });
    const error = await api.call('tokens.list').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'insufficient_balance',
      message: 'Your balance is low.',
      status: 400,
    });
  });

  it('keeps the catalog text the server named, for the UI to word the error itself', async () => {
    const i18n = { key: 'routes.errors.notFound', params: { name: 'fast' } };
    const baseUrl = await serve((_req, res) =>
      json(res, 404, { error: { code: 'not_found', message: "No route named 'fast'.", i18n } }),
    );
    const error = await createHttpApi({ baseUrl, token: 't' })
      .call('routes.delete', { name: 'fast' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'not_found', status: 404, i18n });
  });

  it('marks a refused token as unauthorized', async () => {
    const baseUrl = await serve((_req, res) => {
      res.writeHead(401);
      res.end();
    });
    const api = createHttpApi({ baseUrl, token: 'stale' });
    const error = await api.call('app.status').catch((e: unknown) => e);
    expect(isAuthError(error)).toBe(true);
    expect(api.connection()).toBe('unauthorized');
  });

  it('fails fast without a token, and says so', async () => {
    const api = createHttpApi({ baseUrl: 'http://127.0.0.1:9', token: null });
    expect(api.connection()).toBe('missing-token');
    await expect(api.call('app.status')).rejects.toMatchObject({ code: 'missing_token' });
  });

  it('reports an unreachable app as a network error', async () => {
    const baseUrl = await serve((_req, res) => json(res, 200, {}));
    await stop();
    const api = createHttpApi({ baseUrl, token: 't' });
    await expect(api.call('app.status')).rejects.toMatchObject({ code: 'network' });
  });
});

describe('HTTP transport: events', () => {
  it('parses SSE events split across writes and reconnects after the stream drops', async () => {
    let connections = 0;
    const tokens: string[] = [];
    const baseUrl = await serve((req, res) => {
      tokens.push(req.headers['x-app-token'] as string);
      connections += 1;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (connections === 1) {
        const frame =
          'event: chat.delta\ndata: {"conversationId":"c","messageId":"m","text":"Hel"}\n\n';
        res.write(frame.slice(0, 20));
        setTimeout(() => {
          res.write(frame.slice(20) + ': keep-alive\n\n');
          res.end(); // dropped: the client must come back
        }, 10);
      } else {
        res.write(
          'event: chat.delta\ndata: {"conversationId":"c","messageId":"m","text":"lo"}\n\n',
        );
      }
    });
    const api = createHttpApi({ baseUrl, token: 'ui', backoff: { initialMs: 5, maxMs: 20 } });
    const states: ConnectionState[] = [];
    api.onConnection((state) => states.push(state));
    const texts: string[] = [];
    const done = new Promise<void>((resolve) => {
      const off = api.on('chat.delta', (delta) => {
        texts.push(delta.text);
        if (texts.length === 2) {
          off();
          resolve();
        }
      });
    });
    await done;
    expect(texts).toEqual(['Hel', 'lo']);
    expect(connections).toBe(2);
    expect(tokens).toEqual(['ui', 'ui']);
    expect(states).toContain('reconnecting');
    expect(states.at(-1)).toBe('open');
  });

  it('stops at unauthorized when the events route refuses the token', async () => {
    let connections = 0;
    const baseUrl = await serve((_req, res) => {
      connections += 1;
      res.writeHead(401);
      res.end();
    });
    const api = createHttpApi({ baseUrl, token: 'bad', backoff: { initialMs: 1, maxMs: 2 } });
    const reached = new Promise<void>((resolve) =>
      api.onConnection((state) => state === 'unauthorized' && resolve()),
    );
    const off = api.on('gateway.status', () => undefined);
    await reached;
    await new Promise((resolve) => setTimeout(resolve, 30));
    off();
    expect(connections).toBe(1);
  });
});
