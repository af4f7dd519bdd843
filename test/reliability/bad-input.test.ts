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
import { GENERATION_ROUTES, NATIVE_MODEL, TRANSLATED_MODEL } from './routes.ts';
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

const post = (path: string, body: string | Buffer): Promise<RawReply> =>
  httpRequest(fx.url, {
    method: 'POST',
    path,
    headers: { authorization: `Bearer ${fx.token}`, 'content-type': 'application/json' },
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

  it('malformed JSON, empty bodies and wrong types: 400 naming the problem', async () => {
    for (const body of ['{"model":', '', '[]', 'null', '"text"', wrongTypes(route.format)]) {
      const reply = await post(path, body);
      expectErrorIn(route.format, reply, 400);
      await expectOneRecord(reply);
    }
  });

  it('invalid UTF-8 is refused, not replaced', async () => {
    const reply = await post(path, invalidUtf8(route.format, native));
    const error = expectErrorIn(route.format, reply, 400);
    expect(String(error.message)).toMatch(/UTF-8/);
    await expectOneRecord(reply);
  });

  it(`deep nesting (${SCALE.nesting} levels) at the top and inside fields: 400, never a crash or a 500`, async () => {
    const top = await post(path, deepArrays(SCALE.nesting));
    expectErrorIn(route.format, top, 400);
    await expectOneRecord(top);
    // Translation walks the body recursively; a deep field must be refused, not overflow the stack.
    const translatedPath = route.path(translated);
    for (const body of [
      deepInField(route.format, translated, SCALE.nesting),
      deepTool(route.format, translated, 20_000),
    ]) {
      const reply = await post(translatedPath, body);
      expectErrorIn(route.format, reply, 400);
      await expectOneRecord(reply);
    }
  });

  it('an unknown field is refused by name when translating, forwarded as is when passing through', async () => {
    const refused = await post(route.path(translated), unknownField(route.format, translated));
    const error = expectErrorIn(route.format, refused, 400);
    expect(String(error.message)).toMatch(/zz_?not_?a_?field/i);
    await expectOneRecord(refused);
    sim.clearJournal();
    const passed = await post(path, unknownField(route.format, native));
    expect(passed.status).toBe(200);
    expect(sim.journal.at(-1)?.rawBody).toBe(unknownField(route.format, native));
  });

  it('a huge model name gets a bounded answer', async () => {
    if (route.format === 'gemini') {
      const reply = await post(route.path('m'.repeat(8000)), JSON.stringify(route.body('', 'hi')));
      expectErrorIn(route.format, reply, 404);
      expect(reply.body.length).toBeLessThan(4096);
      return;
    }
    const body = JSON.stringify({ ...route.body('', 'hi'), model: 'm'.repeat(1_000_000) });
    const reply = await post(path, body);
    expectErrorIn(route.format, reply, 404);
    expect(reply.body.length).toBeLessThan(4096);
    await expectOneRecord(reply);
  });

  it(`${SCALE.bigBodyBytes / 1024 / 1024} MB bodies: junk is a 400, a valid one is served`, async () => {
    const bad = await post(path, junk(SCALE.bigBodyBytes));
    expectErrorIn(route.format, bad, 400);
    await expectOneRecord(bad);
    const good = await post(path, bigValid(route.format, native, SCALE.bigBodyBytes));
    expect(good.status).toBe(200);
    await expectOneRecord(good);
  });

  it('a body over the limit is a 413, declared or chunked, and the connection is closed', async () => {
    const declared = await post(path, junk(LIMIT + 1));
    expectErrorIn(route.format, declared, 413);
    await expectOneRecord(declared);

    const conn = await openConnection(fx.url);
    const head = postHead(path, { authorization: `Bearer ${fx.token}` }, 'chunked');
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

  it('a slow-drip body is cut off with a 408 in the route’s format', async () => {
    const body = Buffer.from(JSON.stringify(route.body(native, 'drip')));
    const conn = await openConnection(fx.url);
    await conn.write(
      postHead(
        path,
        { authorization: `Bearer ${fx.token}`, 'content-type': 'application/json' },
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
    expect(Date.now() - started).toBeLessThan(BODY_TIMEOUT_MS + 3000);
    expectErrorIn(
      route.format,
      { status: raw.status, headers: { 'content-type': 'application/json' }, text: raw.body },
      408,
    );
    conn.drop();
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
  });

  it('bytes that are not HTTP get a JSON 400 and the connection closes', async () => {
    const conn = await openConnection(fx.url);
    await conn.write('GET /v1/models HTTP/1.1\r\nhost: 127.0.0.1\r\nbad header line\r\n\r\n');
    await Promise.race([conn.closed, new Promise((r) => setTimeout(r, 2000))]);
    const raw = parseRawResponse(conn.received());
    expectErrorIn(
      'chat',
      { status: raw.status, headers: { 'content-type': 'application/json' }, text: raw.body },
      400,
    );
    conn.drop();
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
