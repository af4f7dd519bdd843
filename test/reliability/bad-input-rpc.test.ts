import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TOKEN_HEADER, RPC_PATH } from '../../shared/contract.ts';
import { startGateway, type RunningGateway } from '../../electron/gateway/server/gateway-server.ts';
import { singleTokenAuthenticator } from '../../electron/gateway/server/local-auth.ts';
import { createAppHttpHandler } from '../../electron/services/http-transport.ts';
import { startServices, type ServicesFixture } from '../integration/services/services-fixture.ts';
import { fakeRendererBuild } from '../integration/services/ui-build.ts';
import { deepArrays, deepObjects, junk } from './bad-bodies.ts';
import { expectRpcError } from './error-shapes.ts';
import { httpRequest, openConnection, parseRawResponse, postHead } from './raw-http.ts';
import { SCALE } from './scale.ts';

/**
 * Bad input on the app's `POST /_app/rpc`, served by a gateway listener exactly as headless mode
 * serves it (the app's HTTP handler behind the gateway), with Node's request deadline short so
 * a slow drip is cut within the test.
 */
const UI_TOKEN = 'ui-token-for-reliability-0123456789';
const REQUEST_TIMEOUT_MS = 800;
let fx: ServicesFixture;
let gateway: RunningGateway;
let dir: string;

beforeAll(async () => {
  dir = fakeRendererBuild();
  fx = await startServices();
  gateway = await startGateway({
    upstream: null,
    auth: singleTokenAuthenticator('mgw_unused_here_0000000000'),
    port: 0,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    appHandler: createAppHttpHandler(fx.services, { dir, token: UI_TOKEN }),
  });
});
afterAll(async () => {
  await gateway.close(200);
  await fx.close();
  rmSync(dir, { recursive: true, force: true });
});

const rpc = (body: string | Buffer) =>
  httpRequest(gateway.url, {
    method: 'POST',
    path: RPC_PATH,
    headers: { 'content-type': 'application/json', [APP_TOKEN_HEADER]: UI_TOKEN },
    body,
  });

describe(`bad input on ${RPC_PATH}`, () => {
  it('malformed JSON, wrong types and unknown parameters: 400 with a code', async () => {
    for (const body of [
      '{"method":',
      '',
      '{"method":5}',
      '{"method":"tokens.create","params":{"name":42}}',
      '{"method":"tokens.create","params":{"name":"x","zz_unknown":1}}',
    ]) {
      const error = expectRpcError(await rpc(body), 400);
      expect(error.code).toBe('bad_request');
    }
  });

  it('invalid UTF-8 is refused, not replaced', async () => {
    const body = Buffer.concat([
      Buffer.from('{"method":"tokens.create","params":{"name":"'),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('"}}'),
    ]);
    const error = expectRpcError(await rpc(body), 400);
    expect(String(error.message)).toMatch(/UTF-8/);
    const tokens = await fx.call('tokens.list');
    expect(tokens.some((t) => t.name.includes('\uFFFD'))).toBe(false);
  });

  it(`deep nesting (${SCALE.nesting} levels) is a 400`, async () => {
    expectRpcError(await rpc(deepArrays(SCALE.nesting)), 400);
    expectRpcError(
      await rpc(`{"method":"settings.update","params":${deepObjects(SCALE.nesting)}}`),
      400,
    );
  });

  it('a big junk body is a 400, one over the limit a 413', async () => {
    // The RPC takes up to 16 MiB; the long form's bodies are bigger than that.
    expectRpcError(await rpc(junk(Math.min(SCALE.bigBodyBytes, 15 * 1024 * 1024))), 400);
    expectRpcError(await rpc(junk(17 * 1024 * 1024)), 413);
  });

  it('a slow-drip body is cut off with a JSON 408', async () => {
    const conn = await openConnection(gateway.url);
    const body = '{"method":"app.status"}';
    await conn.write(
      postHead(
        RPC_PATH,
        { 'content-type': 'application/json', [APP_TOKEN_HEADER]: UI_TOKEN },
        body.length,
      ),
    );
    const started = Date.now();
    for (let i = 0; i < body.length - 1 && !conn.socket.destroyed; i += 1) {
      if (conn.received().length > 0 || Date.now() - started > 5000) break;
      await conn.write(body[i]!).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
    await Promise.race([conn.closed, new Promise((r) => setTimeout(r, 2000))]);
    const raw = parseRawResponse(conn.received());
    expectRpcError(
      { status: raw.status, headers: { 'content-type': 'application/json' }, text: raw.body },
      408,
    );
    conn.drop();
  });

  it('still answers afterwards', async () => {
    const reply = await rpc('{"method":"app.status"}');
    expect(reply.status).toBe(200);
  });
});
