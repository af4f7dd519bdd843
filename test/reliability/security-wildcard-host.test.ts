import { afterEach, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../../electron/gateway/server/gateway-server.ts';
import { startAppListener } from '../../electron/services/start-app-gateway.ts';
import { openTempStore, type TempStore } from '../doubles/store/temp-store.ts';
import { startApp } from '../e2e/app-process.ts';
import { PROCESS_TOKEN, startGatewayProcess } from './gateway-process.ts';
import { httpRequest } from './raw-http.ts';

/**
 * `--host 0.0.0.0` (or `::`) puts the API on the network: the gateway says so loudly, prints a
 * URL that answers, and answers the extra Host names it is told to, and no others.
 */
describe('a gateway bound to every interface', () => {
  let temp: TempStore | null = null;
  let gateway: RunningGateway | null = null;
  afterEach(async () => {
    await gateway?.close(0);
    temp?.dispose();
    gateway = null;
    temp = null;
  });

  async function start(
    host: string,
    allowedHosts?: string[],
  ): Promise<{ gateway: RunningGateway; lines: string[]; token: string }> {
    temp = openTempStore();
    const { token } = temp.store.tokens.create('lan-tool');
    const lines: string[] = [];
    gateway = await startAppListener({
      store: temp.store,
      host,
      port: 0,
      upstream: null,
      ...(allowedHosts ? { allowedHosts } : {}),
      log: (line) => lines.push(line),
    });
    return { gateway, lines, token };
  }

  for (const host of ['0.0.0.0', '::']) {
    it(`warns and prints a URL that answers (${host})`, async () => {
      const { gateway, lines, token } = await start(host);
      expect(lines.join('\n')).toMatch(
        /WARNING: listening on every interface.*reachable from the network/,
      );
      expect(lines.join('\n')).toContain('MODEL_GATEWAY_ALLOWED_HOSTS');
      const url = new URL(gateway.url);
      expect(url.hostname).toBe('127.0.0.1');
      // Whatever the answer (no upstream: 503), it is not the Host check's 403.
      const reply = await httpRequest(gateway.url, {
        path: '/v1/models',
        headers: { authorization: `Bearer ${token}`, host: url.host },
      });
      expect(reply.status).not.toBe(403);
    });
  }

  it('answers the Host names it is told to, and refuses others', async () => {
    const { gateway, token } = await start('0.0.0.0', ['my-box.lan']);
    const port = new URL(gateway.url).port;
    const ask = (host: string) =>
      httpRequest(gateway.url, {
        path: '/v1/models',
        headers: { authorization: `Bearer ${token}`, host },
      });
    expect((await ask(`my-box.lan:${port}`)).status).not.toBe(403);
    expect((await ask(`MY-BOX.LAN:${port}`)).status).not.toBe(403);
    expect((await ask(`evil.example:${port}`)).status).toBe(403);
  });

  it('takes the extra names from MODEL_GATEWAY_ALLOWED_HOSTS', async () => {
    process.env.MODEL_GATEWAY_ALLOWED_HOSTS = ' box-a.lan , box-b.lan ';
    try {
      const { gateway, lines, token } = await start('0.0.0.0');
      expect(lines.join('\n')).toContain('box-a.lan, box-b.lan');
      const port = new URL(gateway.url).port;
      const reply = await httpRequest(gateway.url, {
        path: '/v1/models',
        headers: { authorization: `Bearer ${token}`, host: `box-b.lan:${port}` },
      });
      expect(reply.status).not.toBe(403);
    } finally {
      delete process.env.MODEL_GATEWAY_ALLOWED_HOSTS;
    }
  });

  it('takes more names from `--allowed-host`, for serve and for app', async () => {
    const serve = await startGatewayProcess({
      upstreamUrl: 'http://127.0.0.1:9',
      upstreamKey: 'sk-unused-key',
      args: ['--allowed-host', 'serve-box.lan', '--allowed-host', 'other.lan'],
    });
    const app = await startApp({}, ['--allowed-host', 'app-box.lan']);
    try {
      const ask = (url: string, token: string, name: string) =>
        httpRequest(url, {
          path: '/v1/models',
          headers: { authorization: `Bearer ${token}`, host: `${name}:${new URL(url).port}` },
        });
      expect((await ask(serve.url, PROCESS_TOKEN, 'serve-box.lan')).status).not.toBe(403);
      expect((await ask(serve.url, PROCESS_TOKEN, 'other.lan')).status).not.toBe(403);
      expect((await ask(serve.url, PROCESS_TOKEN, 'evil.example')).status).toBe(403);
      // No token is needed to see the Host check: it comes first.
      expect((await ask(app.url, 'x', 'app-box.lan')).status).toBe(401);
      expect((await ask(app.url, 'x', 'evil.example')).status).toBe(403);
    } finally {
      await serve.stop();
      await app.stop();
    }
  }, 60_000);

  it('does not warn on loopback', async () => {
    const { lines } = await start('127.0.0.1');
    expect(lines.join('\n')).not.toContain('WARNING');
  });
});
