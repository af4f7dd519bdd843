import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import {
  bigValid,
  deepArrays,
  deepInField,
  deepTool,
  invalidUtf8,
  junk,
  unknownField,
  wrongTypes,
} from './bad-bodies.ts';
import { expectErrorIn } from './error-shapes.ts';
import { startFixture, type GatewayFixture } from './gateway-fixture.ts';
import {
  httpRequest,
  openConnection,
  parseRawResponse,
  postHead,
  type RawReply,
} from './raw-http.ts';
import {
  ANTHROPIC_VERSION,
  GENERATION_ROUTES,
  NATIVE_MODEL,
  TRANSLATED_MODEL,
  type GenerationRoute,
} from './routes.ts';
import { SCALE } from './scale.ts';

/**
 * Bad input on every generation route: each gets a 4xx in the route's own error format, one
 * request record, and the gateway keeps serving. The body limit sits just above the big
 * bodies so "10 MB" is tested both under and over it.
 */
let sim: RunningSimulator;
let fx: GatewayFixture;
const LIMIT = Math.ceil(SCALE.bigBodyBytes * 1.2);
const BODY_TIMEOUT_MS = 600;

beforeAll(async () => {
  sim = await startSimulator();
  fx = await startFixture({
    upstreamUrl: sim.url,
    upstreamKey: SIM_KEYS.full,
    gateway: { maxBodyBytes: LIMIT, clientBodyTimeoutMs: BODY_TIMEOUT_MS },
  });
});
afterAll(async () => {
  await fx.close();
  await sim.close();
});

/** A POST with the token, the JSON content type and a route's own headers (`extra`). */
const post = (
  path: string,
  body: string | Buffer,
  extra: Readonly<Record<string, string>> = {},
): Promise<RawReply> =>
  httpRequest(fx.url, {
    method: 'POST',
    path,
    headers: { authorization: `Bearer ${fx.token}`, 'content-type': 'application/json', ...extra },
    body,
  });

/** Exactly one record for the request once it is over, with the status the client saw. */
async function expectOneRecord(reply: RawReply): Promise<void> {
  const id = String(reply.headers['x-request-id']);
  const record = await fx.recordFor(id);
  expect(record.status).toBe(reply.status);
  expect(fx.recordsOf(id)).toHaveLength(1);
}

describe.each(GENERATION_ROUTES)('bad input on $name', (route) => {
  const native = NATIVE_MODEL[route.format];
  const translated = TRANSLATED_MODEL[route.format];
  const path = route.path(native);
  const send = (to: string, body: string | Buffer) => post(to, body, route.headers);

  it('malformed JSON, empty bodies and wrong types: 400 naming the problem', async () => {
    for (const body of ['{"model":', '', '[]', 'null', '"text"', wrongTypes(route.format)]) {
      const reply = await send(path, body);
      expectErrorIn(route.format, reply, 400);
      await expectOneRecord(reply);
    }
  });

  it('invalid UTF-8 is refused, not replaced', async () => {
    const reply = await send(path, invalidUtf8(route.format, native));
    const error = expectErrorIn(route.format, reply, 400);
    expect(String(error.message)).toMatch(/UTF-8/);
    await expectOneRecord(reply);
  });

  it(`deep nesting (${SCALE.nesting} levels) at the top and inside fields: 400, never a crash or a 500`, async () => {
    const top = await send(path, deepArrays(SCALE.nesting));
    expectErrorIn(route.format, top, 400);
    await expectOneRecord(top);
    // Translation walks the body recursively; a deep field must be refused, not overflow the stack.
    const translatedPath = route.path(translated);
    for (const body of [
      deepInField(route.format, translated, SCALE.nesting),
      deepTool(route.format, translated, 20_000),
    ]) {
      const reply = await send(translatedPath, body);
      expectErrorIn(route.format, reply, 400);
      await expectOneRecord(reply);
    }
  });

  it('an unknown field is refused by name when translating, forwarded as is when passing through', async () => {
    const refused = await send(route.path(translated), unknownField(route.format, translated));
    const error = expectErrorIn(route.format, refused, 400);
    expect(String(error.message)).toMatch(/zz_?not_?a_?field/i);
    await expectOneRecord(refused);
    sim.clearJournal();
    const passed = await send(path, unknownField(route.format, native));
    expect(passed.status).toBe(200);
    expect(sim.journal.at(-1)?.rawBody).toBe(unknownField(route.format, native));
  });

  it('a huge model name gets a bounded answer', async () => {
    // The native routes carry the model in the path, where Node's header limit bounds it.
    if (route.path('a') !== route.path('b')) {
      const reply = await send(route.path('m'.repeat(8000)), JSON.stringify(route.body('', 'hi')));
      expectErrorIn(route.format, reply, 404);
      expect(reply.body.length).toBeLessThan(4096);
      return;
    }
    const body = JSON.stringify({ ...route.body('', 'hi'), model: 'm'.repeat(1_000_000) });
    const reply = await send(path, body);
    expectErrorIn(route.format, reply, 404);
    expect(reply.body.length).toBeLessThan(4096);
    await expectOneRecord(reply);
  });

  it(`${SCALE.bigBodyBytes / 1024 / 1024} MB bodies: junk is a 400, a valid one is served`, async () => {
    const bad = await send(path, junk(SCALE.bigBodyBytes));
    expectErrorIn(route.format, bad, 400);
    await expectOneRecord(bad);
    const good = await send(path, bigValid(route.format, native, SCALE.bigBodyBytes));
    expect(good.status).toBe(200);
    await expectOneRecord(good);
  });

  it('a body over the limit is a 413, declared or chunked, and the connection is closed', async () => {
    const declared = await send(path, junk(LIMIT + 1));
    expectErrorIn(route.format, declared, 413);
    await expectOneRecord(declared);

    const conn = await openConnection(fx.url);
    const head = postHead(
      path,
      { authorization: `Bearer ${fx.token}`, ...route.headers },
      'chunked',
    );
    await conn.write(head);
    const piece = Buffer.alloc(256 * 1024, 'z');
    const frame = Buffer.concat([
      Buffer.from(`${piece.length.toString(16)}\r\n`),
      piece,
      Buffer.from('\r\n'),
    ]);
    // Send until the gateway answers or has had more than the limit; it must not read on forever.
    for (let sent = 0; sent <= LIMIT + piece.length && !conn.socket.destroyed; sent += piece.length)
      await conn.write(frame).catch(() => undefined);
    await Promise.race([conn.closed, new Promise((r) => setTimeout(r, 3000))]);
    const raw = parseRawResponse(conn.received());
    expect(raw.status).toBe(413);
    expect(raw.head).toMatch(/connection: close/i);
    expectErrorIn(
      route.format,
      { status: raw.status, headers: { 'content-type': 'application/json' }, text: raw.body },
      413,
    );
    conn.drop();
  });
});

/** Sends `route`'s body a byte every 50 ms; returns what the gateway answered, and when. */
async function drip(
  route: GenerationRoute,
): Promise<{ raw: ReturnType<typeof parseRawResponse>; elapsedMs: number }> {
  const body = Buffer.from(JSON.stringify(route.body(NATIVE_MODEL[route.format], 'drip')));
  const conn = await openConnection(fx.url);
  await conn.write(
    postHead(
      route.path(NATIVE_MODEL[route.format]),
      { authorization: `Bearer ${fx.token}`, 'content-type': 'application/json', ...route.headers },
      body.length,
    ),
  );
  const started = Date.now();
  // One byte every 50 ms: the whole body would take far longer than the gateway allows.
  for (
    let i = 0;
    i < body.length - 1 && !conn.socket.destroyed && Date.now() - started < 5000;
    i += 1
  ) {
    if (conn.received().length > 0) break;
    await conn.write(body.subarray(i, i + 1)).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
  }
  await Promise.race([conn.closed, new Promise((r) => setTimeout(r, 2000))]);
  const raw = parseRawResponse(conn.received());
  conn.drop();
  return { raw, elapsedMs: Date.now() - started };
}

describe('a slow-drip body', () => {
  // Every route at once: the wait is the gateway's body timeout, the same for each.
  it('is cut off with a 408 in the route’s format, on every route', async () => {
    const drips = await Promise.all(GENERATION_ROUTES.map(drip));
    drips.forEach(({ raw, elapsedMs }, i) => {
      const route = GENERATION_ROUTES[i]!;
      expect(elapsedMs, route.name).toBeLessThan(BODY_TIMEOUT_MS + 3000);
      expect(raw.status, `${route.name}: ${raw.body}`).toBe(408);
      expectErrorIn(
        route.format,
        { status: raw.status, headers: { 'content-type': 'application/json' }, text: raw.body },
        408,
      );
    });
  });
});

describe('bad input on model discovery', () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    httpRequest(fx.url, { path, headers: { authorization: `Bearer ${fx.token}`, ...headers } });

  it('a wrong method, a broken escape and a bad token get errors in the list’s format', async () => {
    const posted = await httpRequest(fx.url, {
      method: 'POST',
      path: '/v1/models',
      headers: { authorization: `Bearer ${fx.token}` },
      body: '{"junk":',
    });
    expectErrorIn('chat', posted, 405);
    expect(posted.headers.allow).toBe('GET');
    expectErrorIn('gemini', await get('/v1beta/models/%E0%A4%A'), 404);
    expectErrorIn('chat', await get('/v1/models', { authorization: 'Bearer wrong' }), 401);
    expectErrorIn('gemini', await get('/v1beta/models?key=wrong', { authorization: '' }), 401);
  });

  it('a request line or headers over Node’s limit get a JSON 431, not an empty page', async () => {
    const reply = await get(`/v1/models?pad=${'a'.repeat(70_000)}`);
    expectErrorIn('chat', reply, 431);
    const native = await get(`/v1beta/models?pad=${'a'.repeat(70_000)}`);
    expectErrorIn('gemini', native, 431);
    const messages = await httpRequest(fx.url, {
      method: 'POST',
      path: `/v1/messages?beta=true&pad=${'a'.repeat(70_000)}`,
      headers: { authorization: `Bearer ${fx.token}`, 'anthropic-version': ANTHROPIC_VERSION },
      body: '{}',
    });
    expectErrorIn('anthropic', messages, 431);
  });

  it('bytes that are not HTTP get a JSON 400 in the path’s format and the connection closes', async () => {
    for (const [line, format] of [
      ['GET /v1/models', 'chat'],
      ['POST /v1/messages', 'anthropic'],
    ] as const) {
      const conn = await openConnection(fx.url);
      await conn.write(`${line} HTTP/1.1\r\nhost: 127.0.0.1\r\nbad header line\r\n\r\n`);
      await Promise.race([conn.closed, new Promise((r) => setTimeout(r, 2000))]);
      const raw = parseRawResponse(conn.received());
      expectErrorIn(
        format,
        { status: raw.status, headers: { 'content-type': 'application/json' }, text: raw.body },
        400,
      );
      conn.drop();
    }
  });
});

describe('bad input on the Messages paths', () => {
  const MESSAGES = JSON.stringify({
    model: NATIVE_MODEL.anthropic,
    max_tokens: 64,
    messages: [{ role: 'user', content: 'hi' }],
  });
  const call = (path: string, headers: Record<string, string>, method = 'POST', body = MESSAGES) =>
    httpRequest(fx.url, {
      method,
      path,
      headers: { 'content-type': 'application/json', ...headers },
      ...(method === 'POST' ? { body } : {}),
    });
  const countTokens = (body: string | Buffer) =>
    post('/v1/messages/count_tokens', body, { 'anthropic-version': ANTHROPIC_VERSION });

  it('a wrong method, an unknown sub-path and a wrong or missing key get errors in the Messages shape', async () => {
    const bearer = { authorization: `Bearer ${fx.token}`, 'anthropic-version': ANTHROPIC_VERSION };
    const got = await call('/v1/messages', bearer, 'GET');
    expectErrorIn('anthropic', got, 405);
    expect(got.headers.allow).toBe('POST');
    expectErrorIn('anthropic', await call('/v1/messages/count_tokens', bearer, 'GET'), 405);
    expectErrorIn('anthropic', await call('/v1/messages/batches', bearer), 404);
    const version = { 'anthropic-version': ANTHROPIC_VERSION };
    expectErrorIn(
      'anthropic',
      await call('/v1/messages', { ...version, 'x-api-key': 'wrong' }),
      401,
    );
    expectErrorIn('anthropic', await call('/v1/messages', version), 401);
    // The SDK's way of sending the token is accepted like a Bearer one.
    const byKey = await call('/v1/messages', { ...version, 'x-api-key': fx.token });
    expect(byKey.status, byKey.text).toBe(200);
    await expectOneRecord(byKey);
  });

  it('an Anthropic client listing models with a wrong key gets the 401 in its own shape', async () => {
    // It always sends its version, which is how the shared `/v1/models` tells it from others.
    const reply = await httpRequest(fx.url, {
      path: '/v1/models',
      headers: { 'x-api-key': 'wrong', 'anthropic-version': ANTHROPIC_VERSION },
    });
    expectErrorIn('anthropic', reply, 401);
  });

  it('a request without `anthropic-version` is still served: the gateway sends its own version upstream', async () => {
    sim.clearJournal();
    const reply = await call('/v1/messages', { authorization: `Bearer ${fx.token}` });
    expect(reply.status, reply.text).toBe(200);
    expect(sim.journal.at(-1)?.headers['anthropic-version']).toBeTruthy();
  });

  it('count_tokens: malformed, wrong types, invalid UTF-8 and oversize bodies get 4xx in the Messages shape; a valid one is counted', async () => {
    for (const body of [
      '{"model":',
      '',
      '[]',
      'null',
      '{"model":42,"messages":[]}',
      `{"model":"${NATIVE_MODEL.anthropic}","messages":"hello"}`,
    ]) {
      const reply = await countTokens(body);
      expectErrorIn('anthropic', reply, 400);
      await expectOneRecord(reply);
    }
    const utf8 = await countTokens(invalidUtf8('anthropic', TRANSLATED_MODEL.anthropic));
    expect(String(expectErrorIn('anthropic', utf8, 400).message)).toMatch(/UTF-8/);
    // Over the limit by its declared length: refused before any byte of it is read.
    const conn = await openConnection(fx.url);
    await conn.write(
      postHead(
        '/v1/messages/count_tokens',
        { authorization: `Bearer ${fx.token}`, 'anthropic-version': ANTHROPIC_VERSION },
        LIMIT + 1,
      ),
    );
    await Promise.race([conn.closed, new Promise((r) => setTimeout(r, 2000))]);
    const raw = parseRawResponse(conn.received());
    expectErrorIn(
      'anthropic',
      { status: raw.status, headers: { 'content-type': 'application/json' }, text: raw.body },
      413,
    );
    conn.drop();
    const counted = await countTokens(bigValid('anthropic', TRANSLATED_MODEL.anthropic, 64 * 1024));
    expect(counted.status, counted.text).toBe(200);
    expect(JSON.parse(counted.text)).toMatchObject({ input_tokens: expect.any(Number) });
  });

  it('count_tokens: a body Messages would refuse is refused for a model the gateway counts itself', async () => {
    // The same body as a Messages request minus max_tokens; the upstream refuses it for its own
    // models (above), so an estimate for another model's must not accept it either.
    for (const body of [
      `{"model":"${TRANSLATED_MODEL.anthropic}","messages":"hello"}`,
      `{"model":"${TRANSLATED_MODEL.anthropic}"}`,
    ]) {
      const reply = await countTokens(body);
      expect(reply.status, `${body}: ${reply.text}`).toBe(400);
      expectErrorIn('anthropic', reply, 400);
      await expectOneRecord(reply);
    }
  });

  it(`count_tokens: deep nesting (${SCALE.nesting} levels) is refused or counted, never a crash or a 500`, async () => {
    expectErrorIn('anthropic', await countTokens(deepArrays(SCALE.nesting)), 400);
    // A model of another format is counted by the gateway, which walks the whole body.
    for (const [what, body] of [
      ['deep user content', deepInField('anthropic', TRANSLATED_MODEL.anthropic, SCALE.nesting)],
      ['deep tool schema', deepTool('anthropic', TRANSLATED_MODEL.anthropic, 20_000)],
    ] as const) {
      const reply = await countTokens(body);
      // Soft: each body is reported, and the record checked, whatever the first one did.
      expect.soft([200, 400], `${what}: ${reply.status} ${reply.text}`).toContain(reply.status);
      if (reply.status === 400) expectErrorIn('anthropic', reply, 400);
      await expectOneRecord(reply);
    }
  });
});

describe('after all that', () => {
  it('still serves, and every answered request has exactly one record', async () => {
    const reply = await post(
      '/v1/chat/completions',
      JSON.stringify({ model: 'sim-chat', messages: [{ role: 'user', content: 'still up?' }] }),
    );
    expect(reply.status).toBe(200);
    const ids = fx.records.map((r) => r.requestId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
