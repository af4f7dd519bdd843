import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../electron/gateway/server/gateway-server.ts';
import { singleTokenAuthenticator } from '../../electron/gateway/server/local-auth.ts';
import { UpstreamClient } from '../../electron/gateway/upstream/upstream-client.ts';
import { RPC_PATH } from '../../shared/contract.ts';
import type { FormatKit } from '../format-kits/format-kit.ts';
import { DEFAULT_KIT, KIT_LIST } from '../format-kits/kits.ts';
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

/** A format's generation request as its SDK sends it from a page: the headers, the path, the body. */
function fromPage(kit: FormatKit) {
  const request = kit.client.request(kit.nativeModel, 'hi', false);
  return {
    path: request.path,
    body: JSON.stringify(request.body),
    headers: kit.client.browserHeaders?.(TOKEN) ?? { ...auth, ...request.headers },
  };
}

/** The first format's request, for the checks of what every path does alike. */
const FIRST = fromPage(DEFAULT_KIT);

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
    // Every format's generation route and its other routes, as its SDK calls them.
    ...KIT_LIST.flatMap((kit) =>
      [
        kit.client.request(kit.nativeModel, 'hi', false),
        ...kit.client.otherRoutes.map((route) => route.request(kit.nativeModel, 'hi')),
      ].map((request) => ({
        method: 'POST',
        path: request.path,
        body: JSON.stringify(request.body),
        extra: kit.client.browserHeaders?.(TOKEN) ?? request.headers,
      })),
    ),
    { method: 'GET', path: '/v1/models' },
    { method: 'GET', path: '/' },
    { method: 'POST', path: RPC_PATH, body: '{"method":"app.status"}' },
  ];

  /** What an answer would hold: a simulator model's name or its reply. */
  const ANSWERED = new RegExp([...KIT_LIST.map((kit) => kit.nativeModel), 'Simulated'].join('|'));

  it('refuses every non-loopback Host on every path with a 403, before any upstream call', async () => {
    sim.clearJournal();
    for (const host of hostile())
      for (const { extra, ...request } of requests()) {
        const reply = await httpRequest(gateway.url, {
          ...request,
          headers: { ...auth, ...extra, host },
        });
        expect(reply.status, `${host} ${request.path}`).toBe(403);
        expect(reply.text).not.toMatch(ANSWERED);
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
        path: FIRST.path,
        headers: { ...FIRST.headers, host },
        body: FIRST.body,
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
    path = FIRST.path,
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
  /** The preflight a page sends before its SDK's request of `kit`'s format. */
  const sdkPreflight = (target: RunningGateway, origin: string, kit: FormatKit) => {
    const page = fromPage(kit);
    return preflight(target, origin, page.path, Object.keys(page.headers).join(', '));
  };

  it('grants the allowed origin exactly', async () => {
    const reply = await preflight(gateway, ALLOWED);
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it.each(KIT_LIST)(
    'grants the allowed origin the headers the $format SDK sends from a page',
    async (kit) => {
      const page = fromPage(kit);
      const reply = await sdkPreflight(gateway, ALLOWED, kit);
      expect(reply.status).toBe(204);
      expect(reply.headers['access-control-allow-origin']).toBe(ALLOWED);
      const granted = String(reply.headers['access-control-allow-headers']).split(/,\s*/);
      expect(granted).toEqual(expect.arrayContaining(Object.keys(page.headers)));
      const answer = await httpRequest(gateway.url, {
        method: 'POST',
        path: page.path,
        headers: { ...page.headers, origin: ALLOWED },
        body: page.body,
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED);
    },
  );

  it('grants nothing to origins the user did not allow, on preflights, answers and errors', async () => {
    for (const target of [gateway, bare])
      for (const origin of lookalikes) {
        const pre = await preflight(target, origin);
        expect(pre.status, origin).not.toBe(204);
        const answers = [];
        for (const kit of KIT_LIST) {
          const page = fromPage(kit);
          const sdkPre = await sdkPreflight(target, origin, kit);
          expect(sdkPre.status, `${kit.format} ${origin}`).not.toBe(204);
          answers.push(
            sdkPre,
            await httpRequest(target.url, {
              method: 'POST',
              path: page.path,
              headers: { ...page.headers, origin },
              body: page.body,
            }),
          );
        }
        answers.push(
          await httpRequest(target.url, { path: '/v1/models', headers: { ...auth, origin } }),
          await httpRequest(target.url, {
            path: '/v1/models',
            headers: { origin, authorization: 'Bearer nope' },
          }),
          await httpRequest(target.url, {
            method: 'POST',
            path: FIRST.path,
            headers: { ...FIRST.headers, origin },
            body: '{',
          }),
        );
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
