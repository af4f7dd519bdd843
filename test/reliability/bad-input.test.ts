import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitReply } from '../format-kits/format-kit.ts';
import { DEFAULT_KIT, KIT_LIST } from '../format-kits/kits.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { DRAIN_LIMITS } from '../../electron/gateway/server/drain-unread-body.ts';
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
import { startFixture, type GatewayFixture } from './gateway-fixture.ts';
import {
  httpRequest,
  openConnection,
  parseRawResponse,
  postHead,
  type RawReply,
} from './raw-http.ts';
import { GENERATION_ROUTES, requestHeaders, type GenerationRoute } from './routes.ts';
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
async function expectOneRecord(reply: KitReply): Promise<void> {
  const id = String(reply.headers['x-request-id']);
  const record = await fx.recordFor(id);
  expect(record.status).toBe(reply.status);
  expect(fx.recordsOf(id)).toHaveLength(1);
}

/** A raw reply read off a connection, as the error checks take it. */
const rawReply = (raw: ReturnType<typeof parseRawResponse>): KitReply => ({
  status: raw.status,
  headers: { 'content-type': 'application/json' },
  text: raw.body,
});

describe.each(GENERATION_ROUTES)('bad input on $name', (route) => {
  const { kit } = route;
  const native = kit.nativeModel;
  const translated = kit.translatedModel;
  const path = route.request(native).path;
  const headers = route.request(native).headers;
  const expectError = kit.errors.expect;
  const send = (to: string, body: string | Buffer) => post(to, body, headers);

  it('malformed JSON, empty bodies and wrong types: 400 naming the problem', async () => {
    for (const body of ['{"model":', '', '[]', 'null', '"text"', wrongTypes(kit)]) {
      const reply = await send(path, body);
      expectError(reply, 400);
      await expectOneRecord(reply);
    }
  });

  it('invalid UTF-8 is refused, not replaced', async () => {
    const reply = await send(path, invalidUtf8(kit, native));
    const error = expectError(reply, 400);
    expect(String(error.message)).toMatch(/UTF-8/);
    await expectOneRecord(reply);
  });

  it(`deep nesting (${SCALE.nesting} levels) at the top and inside fields: 400, never a crash or a 500`, async () => {
    const top = await send(path, deepArrays(SCALE.nesting));
    expectError(top, 400);
    await expectOneRecord(top);
    // Translation walks the body recursively; a deep field must be refused, not overflow the stack.
    const translatedPath = route.request(translated).path;
    for (const body of [
      deepInField(kit, translated, SCALE.nesting),
      deepTool(kit, translated, 20_000),
    ]) {
      const reply = await send(translatedPath, body);
      expectError(reply, 400);
      await expectOneRecord(reply);
    }
  });

  it('an unknown field is refused by name when translating, forwarded as is when passing through', async () => {
    const refused = await send(route.request(translated).path, unknownField(kit, translated));
    const error = expectError(refused, 400);
    expect(String(error.message)).toMatch(/zz_?not_?a_?field/i);
    await expectOneRecord(refused);
    sim.clearJournal();
    const passed = await send(path, unknownField(kit, native));
    expect(passed.status).toBe(200);
    expect(sim.journal.at(-1)?.rawBody).toBe(unknownField(kit, native));
  });

  it('a huge model name gets a bounded answer', async () => {
    // A format that carries the model in the path: Node's header limit bounds it there.
    if (route.request('a').path !== route.request('b').path) {
      const huge = route.request('m'.repeat(8000), 'hi');
      const reply = await send(huge.path, JSON.stringify(huge.body));
      expectError(reply, 404);
      expect(reply.body.length).toBeLessThan(4096);
      return;
    }
    const body = JSON.stringify({ ...route.request('', 'hi').body, model: 'm'.repeat(1_000_000) });
    const reply = await send(path, body);
    expectError(reply, 404);
    expect(reply.body.length).toBeLessThan(4096);
    await expectOneRecord(reply);
  });

  it(`${SCALE.bigBodyBytes / 1024 / 1024} MB bodies: junk is a 400, a valid one is served`, async () => {
    const bad = await send(path, junk(SCALE.bigBodyBytes));
    expectError(bad, 400);
    await expectOneRecord(bad);
    const good = await send(path, bigValid(kit, native, SCALE.bigBodyBytes));
    expect(good.status).toBe(200);
    await expectOneRecord(good);
  });

  it('a body over the limit is a 413, declared or chunked; a body that stops coming is cut', async () => {
    const declared = await send(path, junk(LIMIT + 1));
    expectError(declared, 413);
    await expectOneRecord(declared);

    const conn = await openConnection(fx.url);
    const head = postHead(path, { authorization: `Bearer ${fx.token}`, ...headers }, 'chunked');
    await conn.write(head);
    const piece = Buffer.alloc(256 * 1024, 'z');
    const frame = Buffer.concat([
      Buffer.from(`${piece.length.toString(16)}\r\n`),
      piece,
      Buffer.from('\r\n'),
    ]);
    // More than the limit, then the client goes quiet with its body unfinished: the gateway
    // reads the rest for a while (so a client still sending gets its answer), not forever.
    for (let sent = 0; sent <= LIMIT + piece.length && !conn.socket.destroyed; sent += piece.length)
      await conn.write(frame).catch(() => undefined);
    const closed = await Promise.race([
      conn.closed.then(() => true),
      new Promise((r) => setTimeout(() => r(false), DRAIN_LIMITS.idleMs + 3000)),
    ]);
    expect(closed).toBe(true);
    const raw = parseRawResponse(conn.received());
    expect(raw.status).toBe(413);
    expectError(rawReply(raw), 413);
    conn.drop();
  });
});

/** Sends `route`'s body a byte every 50 ms; returns what the gateway answered, and when. */
async function drip(
  route: GenerationRoute,
): Promise<{ raw: ReturnType<typeof parseRawResponse>; elapsedMs: number }> {
  const request = route.request(route.kit.nativeModel, 'drip');
  const body = Buffer.from(JSON.stringify(request.body));
  const conn = await openConnection(fx.url);
  await conn.write(postHead(request.path, requestHeaders(request, fx.token), body.length));
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
      route.kit.errors.expect(rawReply(raw), 408);
    });
  });
});

/**
 * The shared model list, `/v1/models`: a request there that says nothing of its format is
 * answered in the first format's shape, as the gateway answers every path no format owns.
 */
describe('bad input on model discovery', () => {
  const expectError = DEFAULT_KIT.errors.expect;
  const get = (path: string, headers: Record<string, string> = {}) =>
    httpRequest(fx.url, { path, headers: { authorization: `Bearer ${fx.token}`, ...headers } });

  it('a wrong method and a bad token get errors in the list’s format', async () => {
    const posted = await httpRequest(fx.url, {
      method: 'POST',
      path: '/v1/models',
      headers: { authorization: `Bearer ${fx.token}` },
      body: '{"junk":',
    });
    expectError(posted, 405);
    expect(posted.headers.allow).toBe('GET');
    expectError(await get('/v1/models', { authorization: 'Bearer wrong' }), 401);
  });

  it('a request line or headers over Node’s limit get a JSON 431, not an empty page', async () => {
    expectError(await get(`/v1/models?pad=${'a'.repeat(70_000)}`), 431);
  });

  it('bytes that are not HTTP get a JSON 400 in the path’s format and the connection closes', async () => {
    const conn = await openConnection(fx.url);
    await conn.write(`GET /v1/models HTTP/1.1\r\nhost: 127.0.0.1\r\nbad header line\r\n\r\n`);
    await Promise.race([conn.closed, new Promise((r) => setTimeout(r, 2000))]);
    expectError(rawReply(parseRawResponse(conn.received())), 400);
    conn.drop();
  });
});

// Each format's own paths, headers and keys.
for (const kit of KIT_LIST)
  kit.reliability.badInput?.({
    kit,
    url: () => fx.url,
    token: () => fx.token,
    journal: () => sim.journal,
    clearJournal: () => sim.clearJournal(),
    limit: LIMIT,
    nesting: SCALE.nesting,
    expectOneRecord,
  });

describe('after all that', () => {
  it('still serves, and every answered request has exactly one record', async () => {
    const request = DEFAULT_KIT.client.request(DEFAULT_KIT.nativeModel, 'still up?', false);
    const reply = await post(request.path, JSON.stringify(request.body), request.headers);
    expect(reply.status).toBe(200);
    const ids = fx.records.map((r) => r.requestId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
