import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../electron/gateway/server/gateway-server.ts';
import { singleTokenAuthenticator } from '../../electron/gateway/server/local-auth.ts';
import { UpstreamClient } from '../../electron/gateway/upstream/upstream-client.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';

let sim: RunningSimulator;
let gateway: RunningGateway;
const TOKEN = 'mgw_hooks';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const chatBody = JSON.stringify({ model: 'sim-chat', messages: [{ role: 'user', content: 'hi' }] });

beforeAll(async () => {
  sim = await startSimulator();
  gateway = await startGateway({
    upstream: null,
    auth: singleTokenAuthenticator(TOKEN),
    port: 0,
    corsOrigins: () => ['http://allowed.test'],
    appHandler: async (req, res) => {
      if (req.url !== '/') return false;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>app</p>');
      return true;
    },
  });
});
afterAll(async () => {
  await gateway.close(100);
  await sim.close();
});

describe('gateway hooks for the app', () => {
  it('answers 503 in the client’s format until an upstream is set, then serves', async () => {
    const before = await fetch(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: auth,
      body: chatBody,
    });
    expect(before.status).toBe(503);
    expect(((await before.json()) as { error: { code: string } }).error.code).toBe(
      'upstream_not_configured',
    );
    gateway.setUpstream(new UpstreamClient({ baseUrl: sim.url, apiKey: () => SIM_KEYS.full }));
    const after = await fetch(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: auth,
      body: chatBody,
    });
    expect(after.status).toBe(200);
  });

  it('grants CORS to allowed origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${gateway.url}/v1/chat/completions`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        },
      });
    const ok = await preflight('http://allowed.test');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://allowed.test');
    const refused = await preflight('http://evil.test');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const simple = await fetch(`${gateway.url}/v1/models`, {
      headers: { ...auth, origin: 'http://evil.test' },
    });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the app answer its own paths and falls back to the gateway’s 404', async () => {
    expect(await (await fetch(`${gateway.url}/`)).text()).toBe('<p>app</p>');
    const other = await fetch(`${gateway.url}/nothing-here`);
    expect(other.status).toBe(404);
  });

  it('keeps the Host check in front of the app too', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${gateway.url}/`, { headers: { host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});
