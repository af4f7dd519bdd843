import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KIT } from '../format-kits/kits.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { startFixture, type GatewayFixture } from './gateway-fixture.ts';
import { openConnection, parseRawResponse, postHead } from './raw-http.ts';

/**
 * HTTP edges an attacker tried (issue 13, finding 8): a request without Host got Node's bare
 * plain-text 400; an absolute-form target (`GET http://host/path`) was logged as that whole URL;
 * an oversized body was sometimes answered by a reset (EPIPE) instead of the 413.
 */
let sim: RunningSimulator;
let fx: GatewayFixture;
const LIMIT = 1024 * 1024;

beforeAll(async () => {
  sim = await startSimulator();
  fx = await startFixture({
    upstreamUrl: sim.url,
    upstreamKey: SIM_KEYS.full,
    gateway: { maxBodyBytes: LIMIT },
  });
});
afterAll(async () => {
  await fx.close();
  await sim.close();
});

describe('a request without a Host header', () => {
  it('gets a JSON 400 in the format of its path, saying what is missing', async () => {
    const c = await openConnection(fx.url);
    await c.write(`GET /v1/models HTTP/1.1\r\nauthorization: Bearer ${fx.token}\r\n\r\n`);
    const text = await c.waitFor(/\r\n\r\n[\s\S]*\}\s*$/);
    const reply = parseRawResponse(Buffer.from(text, 'latin1'));
    expect(reply.status).toBe(400);
    expect(reply.head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(reply.body)).toMatchObject({ error: { code: 'missing_host' } });
    c.drop();
  });
});

describe('an absolute-form request target', () => {
  it('is routed and logged by its path, never the whole URL', async () => {
    const c = await openConnection(fx.url);
    await c.write(
      `GET http://127.0.0.1/v1/models?key=${fx.token} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`,
    );
    const text = await c.waitFor(/\r\n\r\n[\s\S]*\}\s*$/);
    const reply = parseRawResponse(Buffer.from(text, 'latin1'));
    expect(reply.status).toBe(200);
    const id = /x-request-id: (\S+)/i.exec(reply.head)?.[1] ?? '';
    const record = await fx.recordFor(id);
    expect(record.path).toBe('/v1/models');
    c.drop();
  });

  it('is held to the Host check by its own authority', async () => {
    const c = await openConnection(fx.url);
    await c.write(
      `GET http://evil.example/v1/models HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${fx.token}\r\n\r\n`,
    );
    const text = await c.waitFor(/\r\n\r\n[\s\S]*\}\s*$/);
    expect(parseRawResponse(Buffer.from(text, 'latin1')).status).toBe(403);
    c.drop();
  });
});

describe('an oversized body', () => {
  it.each([
    ['with its length declared', false],
    ['sent chunked', true],
  ])('gets its 413, not a reset, while the client is still sending (%s)', async (_how, chunked) => {
    const size = 40 * LIMIT;
    for (let i = 0; i < 4; i += 1) {
      const c = await openConnection(fx.url);
      // Any generation path: the first format's.
      const { path, headers } = DEFAULT_KIT.client.request(DEFAULT_KIT.nativeModel, '', false);
      const head = postHead(
        path,
        { authorization: `Bearer ${fx.token}`, 'content-type': 'application/json', ...headers },
        chunked ? 'chunked' : size,
      );
      const body = Buffer.alloc(size, 'a');
      const framed = chunked
        ? Buffer.concat([
            Buffer.from(`${size.toString(16)}\r\n`),
            body,
            Buffer.from('\r\n0\r\n\r\n'),
          ])
        : body;
      // The client writes its whole body without waiting, as SDKs do; the gateway reads it
      // through (and throws it away), so the answer is read, not reset.
      void c.write(Buffer.concat([Buffer.from(head), framed])).catch(() => {});
      const text = await c.waitFor(/\r\n\r\n[\s\S]*\}\s*$/);
      const reply = parseRawResponse(Buffer.from(text, 'latin1'));
      expect(reply.status, `attempt ${i}: ${reply.head || '(nothing received)'}`).toBe(413);
      expect(JSON.parse(reply.body)).toMatchObject({ error: { code: 'request_too_large' } });
      c.drop();
    }
  });
});
