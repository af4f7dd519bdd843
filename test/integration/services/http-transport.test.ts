import { request } from 'node:http';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_PATH_PREFIX,
  APP_TOKEN_HEADER,
  EVENTS_PATH,
  RPC_PATH,
} from '../../../shared/contract.ts';
import { CONTENT_SECURITY_POLICY } from '../../../shared/content-security-policy.ts';
import { startServices, toolToken, type ServicesFixture } from './services-fixture.ts';
import { openSse } from './sse-client.ts';
import { APP_JS, fakeRendererBuild, INDEX_HTML } from './ui-build.ts';
import { SIM_MODELS } from '../../upstream-sim/index.ts';

const UI_TOKEN = 'ui-token-for-tests-0123456789';
let fx: ServicesFixture;
let url: string;
let dir: string;

beforeAll(async () => {
  dir = fakeRendererBuild();
  fx = await startServices({ shell: 'headless', ui: { dir, token: UI_TOKEN } });
  url = fx.services.status().gateway.url!;
});
afterAll(async () => {
  await fx.close();
  rmSync(dir, { recursive: true, force: true });
});

const rpc = (body: unknown, headers: Record<string, string> = { [APP_TOKEN_HEADER]: UI_TOKEN }) =>
  fetch(`${url}${RPC_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A request with the path exactly as given: fetch would resolve `..` before sending. */
function rawGet(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/`, { path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('RPC over HTTP', () => {
  it('answers holders of the UI token only', async () => {
    const none = await rpc({ method: 'app.status' }, {});
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await rpc({ method: 'app.status' }, { [APP_TOKEN_HEADER]: 'wrong' })).status).toBe(401);
    const ok = await rpc({ method: 'app.status' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const { result } = (await ok.json()) as { result: { shell: string; gateway: { url: string } } };
    expect(result).toMatchObject({ shell: 'headless', gateway: { url } });
  });

  it('maps errors to statuses with a message and a code', async () => {
    const unknown = await rpc({ method: 'no.such', params: {} });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: { code: 'bad_request', message: "Unknown method 'no.such'." },
    });
    const invalid = await rpc({ method: 'tokens.create', params: { name: 42 } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { message: string } }).error.message).toMatch(
      /^name:/,
    );
    const missing = await rpc({ method: 'tokens.revoke', params: { id: 'tok_none' } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { i18n: unknown } }).error.i18n).toEqual({
      key: 'settings.errors.tokens.notFound',
      params: { id: 'tok_none' },
    });
    await rpc({ method: 'tokens.create', params: { name: 'twice' } });
    const twice = await rpc({ method: 'tokens.create', params: { name: 'twice' } });
    expect(twice.status).toBe(409);
    // The English message for logs and tools, and the catalog text the UI words in its language.
    expect(await twice.json()).toEqual({
      error: {
        code: 'conflict',
        message: "An active token named 'twice' already exists. Revoke it or choose another name.",
        i18n: { key: 'settings.errors.tokens.duplicate', params: { name: 'twice' } },
      },
    });
    const notJson = await fetch(`${url}${RPC_PATH}`, {
      method: 'POST',
      headers: { [APP_TOKEN_HEADER]: UI_TOKEN, 'content-type': 'text/plain' },
      body: '{"method":"app.status"}',
    });
    expect(notJson.status).toBe(400);
    const get = await fetch(`${url}${RPC_PATH}`, { headers: { [APP_TOKEN_HEADER]: UI_TOKEN } });
    expect(get.status).toBe(405);
    expect(
      await rpc({ method: 'chat.get', params: { id: 'conv_x' } }).then((r) => r.json()),
    ).toEqual({ result: null });
  });
});

describe('events over SSE', () => {
  it('needs the token', async () => {
    const sse = await openSse(`${url}${EVENTS_PATH}`, {});
    expect(sse.status).toBe(401);
  });

  it('streams contract events as they happen', async () => {
    const sse = await openSse(`${url}${EVENTS_PATH}`, { [APP_TOKEN_HEADER]: UI_TOKEN });
    try {
      expect(sse.status).toBe(200);
      const token = await toolToken(fx, 'sse-test');
      const response = await fetch(`${url}/v1/models`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const requestId = response.headers.get('x-request-id');
      await response.text();
      const rows = (await sse.next('logs.appended', (rows) =>
        (rows as { requestId: string }[]).some((r) => r.requestId === requestId),
      )) as { client: string; path: string }[];
      expect(rows[0]).toMatchObject({ client: 'sse-test', path: '/v1/models' });
      expect(sse.comments).toContain('connected');
    } finally {
      sse.close();
    }
  });
});

describe('the built UI', () => {
  it('serves index.html with a strict CSP and no caching', async () => {
    for (const path of ['/', `/?token=${UI_TOKEN}`, '/chat/some-conversation']) {
      const page = await fetch(`${url}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(INDEX_HTML);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('cache-control')).toBe('no-store');
    }
    for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'none'"])
      expect(CONTENT_SECURITY_POLICY).toContain(directive);
    expect(CONTENT_SECURITY_POLICY).toContain("form-action 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('serves assets with their content types', async () => {
    const js = await fetch(`${url}/assets/app-1234.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe(APP_JS);
    const css = await fetch(`${url}/assets/style.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await fetch(`${url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${url}${APP_PATH_PREFIX}nothing`)).status).toBe(404);
  });

  it('refuses paths that climb out of the build folder', async () => {
    expect(await rawGet('/../package.json')).toBe(403);
    expect(await rawGet('/assets/..%2f..%2fpackage.json')).toBe(403);
    expect(await rawGet('/assets/%2e%2e/%2e%2e/etc/passwd')).toBe(403);
    expect(await rawGet('/..\\..\\package.json')).toBe(403);
  });

  it('leaves the model API to the gateway on the same port', async () => {
    expect((await fetch(`${url}/v1/models`)).status).toBe(401);
    const token = await toolToken(fx, 'same-port');
    const models = await fetch(`${url}/v1/models`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(models.status).toBe(200);
    expect(((await models.json()) as { data: unknown[] }).data).toHaveLength(SIM_MODELS.length);
  });
});

describe('without a build', () => {
  it('says to run npm run build, and closes open event streams on shutdown', async () => {
    const bare = await startServices({
      shell: 'headless',
      ui: { dir: '/nonexistent/out/renderer', token: UI_TOKEN },
    });
    const base = bare.services.status().gateway.url!;
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build');
    const sse = await openSse(`${base}${EVENTS_PATH}`, { [APP_TOKEN_HEADER]: UI_TOKEN });
    const started = Date.now();
    await bare.services.close(10_000);
    await sse.ended;
    // The open stream ended at once instead of holding the shutdown for its grace period.
    expect(Date.now() - started).toBeLessThan(3000);
    await bare.close();
  });
});
