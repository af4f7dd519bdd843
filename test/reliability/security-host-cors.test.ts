import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../electron/gateway/server/gateway-server.ts';
import { singleTokenAuthenticator } from '../../electron/gateway/server/local-auth.ts';
import { UpstreamClient } from '../../electron/gateway/upstream/upstream-client.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { httpRequest } from './raw-http.ts';

/**
 * The browser-facing defences: a Host that is not a loopback name is refused on every path
 * (a DNS-rebinding page reaches 127.0.0.1 under its own name), and CORS is granted to the
 * origins the user allowed and to nothing that merely resembles one, on answers and errors.
 */
const TOKEN = 'mgw_security_token_0123456789abcdef';
const ALLOWED = 'http://allowed.test';
let sim: RunningSimulator;
let gateway: RunningGateway;
let bare: RunningGateway;

beforeAll(async () => {
  sim = await startSimulator();
  const upstream = () => new UpstreamClient({ baseUrl: sim.url, apiKey: () => SIM_KEYS.full });
  gateway = await startGateway({
    upstream: upstream(),
    auth: singleTokenAuthenticator(TOKEN),
    port: 0,
    corsOrigins: () => [ALLOWED],
    appHandler: async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('app');
      return true;
    },
  });
  // As `serve` runs it: no CORS configuration at all.
  bare = await startGateway({ upstream: upstream(), auth: singleTokenAuthenticator(TOKEN) });
});
afterAll(async () => {
  await gateway.close(100);
  await bare.close(100);
  await sim.close();
});

const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const CHAT = JSON.stringify({ model: 'sim-chat', messages: [{ role: 'user', content: 'hi' }] });
const MESSAGES = JSON.stringify({
  model: 'sim-anthropic',
  max_tokens: 64,
  messages: [{ role: 'user', content: 'hi' }],
});
/** What @anthropic-ai/sdk sends: its key, its version, and (from a page) its browser opt-in. */
const ANTHROPIC_HEADERS = {
  'x-api-key': TOKEN,
  'anthropic-version': '2023-06-01',
  'anthropic-dangerous-direct-browser-access': 'true',
  'content-type': 'application/json',
};

describe('the listener', () => {
  it('binds loopback only by default', () => {
    expect(gateway.host).toBe('127.0.0.1');
    expect(bare.host).toBe('127.0.0.1');
    expect(new URL(bare.url).hostname).toBe('127.0.0.1');
  });
});

describe('DNS rebinding: the Host check', () => {
  const port = () => new URL(gateway.url).port;
  const hostile = () => [
    'evil.example',
    `evil.example:${port()}`,
    `127.0.0.1.nip.io:${port()}`,
    `localhost.evil.example:${port()}`,
    `LOCALHOST.:${port()}`,
    '192.168.1.10',
    '0.0.0.0',
    '[::ffff:127.0.0.1]',
    '',
  ];
  const requests = (): {
    method: string;
    path: string;
    body?: string;
    extra?: Record<string, string>;
  }[] => [
    { method: 'POST', path: '/v1/chat/completions', body: CHAT },
    { method: 'POST', path: '/v1/messages', body: MESSAGES, extra: ANTHROPIC_HEADERS },
    {
      method: 'POST',
      path: '/v1/messages/count_tokens',
      body: MESSAGES,
      extra: ANTHROPIC_HEADERS,
    },
    { method: 'POST', path: '/v1/responses', body: '{"model":"sim-responses","input":"hi"}' },
    {
      method: 'POST',
      path: '/v1beta/models/sim-gemini:generateContent',
      body: '{"contents":[{"parts":[{"text":"hi"}]}]}',
    },
    { method: 'GET', path: '/v1/models' },
    { method: 'GET', path: '/' },
    { method: 'POST', path: '/api/rpc', body: '{"method":"app.status"}' },
  ];

  it('refuses every non-loopback Host on every path with a 403, before any upstream call', async () => {
    sim.clearJournal();
    for (const host of hostile())
      for (const { extra, ...request } of requests()) {
        const reply = await httpRequest(gateway.url, {
          ...request,
          headers: { ...auth, ...extra, host },
        });
        expect(reply.status, `${host} ${request.path}`).toBe(403);
        expect(reply.text).not.toMatch(/sim-chat|Simulated/);
      }
    expect(sim.journal).toHaveLength(0);
  });

  it('accepts the loopback names', async () => {
    for (const host of [
      'localhost',
      `localhost:${port()}`,
      `127.0.0.1:${port()}`,
      `[::1]:${port()}`,
      'app.localhost',
    ]) {
      const reply = await httpRequest(gateway.url, {
        method: 'POST',
        path: '/v1/chat/completions',
        headers: { ...auth, host },
        body: CHAT,
      });
      expect(reply.status, host).toBe(200);
    }
  });
});

describe('CORS', () => {
  const lookalikes = [
    'http://evil.test',
    'null',
    'http://allowed.test.evil.test',
    'http://allowed.test:8080',
    'https://allowed.test',
    'http://ALLOWED.test',
    `${ALLOWED}/`,
    `${ALLOWED}, http://evil.test`,
  ];

  const preflight = (
    target: RunningGateway,
    origin: string,
    path = '/v1/chat/completions',
    headers = 'authorization, content-type',
  ) =>
    httpRequest(target.url, {
      method: 'OPTIONS',
      path,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': headers,
      },
    });
  const messagesPreflight = (target: RunningGateway, origin: string) =>
    preflight(target, origin, '/v1/messages', Object.keys(ANTHROPIC_HEADERS).join(', '));

  it('grants the allowed origin exactly', async () => {
    const reply = await preflight(gateway, ALLOWED);
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('grants the allowed origin the headers the Anthropic SDK sends from a page', async () => {
    const reply = await messagesPreflight(gateway, ALLOWED);
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe(ALLOWED);
    const granted = String(reply.headers['access-control-allow-headers']).split(/,\s*/);
    expect(granted).toEqual(expect.arrayContaining(Object.keys(ANTHROPIC_HEADERS)));
    const answer = await httpRequest(gateway.url, {
      method: 'POST',
      path: '/v1/messages',
      headers: { ...ANTHROPIC_HEADERS, origin: ALLOWED },
      body: MESSAGES,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('grants nothing to origins the user did not allow, on preflights, answers and errors', async () => {
    for (const target of [gateway, bare])
      for (const origin of lookalikes) {
        const pre = await preflight(target, origin);
        expect(pre.status, origin).not.toBe(204);
        const messagesPre = await messagesPreflight(target, origin);
        expect(messagesPre.status, origin).not.toBe(204);
        const answers = [
          messagesPre,
          await httpRequest(target.url, {
            method: 'POST',
            path: '/v1/messages',
            headers: { ...ANTHROPIC_HEADERS, origin },
            body: MESSAGES,
          }),
          await httpRequest(target.url, {
            method: 'POST',
            path: '/v1/chat/completions',
            headers: { ...auth, origin },
            body: CHAT,
          }),
          await httpRequest(target.url, { path: '/v1/models', headers: { ...auth, origin } }),
          await httpRequest(target.url, {
            path: '/v1/models',
            headers: { origin, authorization: 'Bearer nope' },
          }),
          await httpRequest(target.url, {
            method: 'POST',
            path: '/v1/chat/completions',
            headers: { ...auth, origin },
            body: '{',
          }),
        ];
        for (const reply of [pre, ...answers]) {
          expect(reply.headers['access-control-allow-origin'], origin).toBeUndefined();
          expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
        }
      }
  });

  it('grants nothing anywhere when no origin is configured (as `serve` runs)', async () => {
    const reply = await preflight(bare, ALLOWED);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(reply.status).toBeGreaterThanOrEqual(400);
  });
});
