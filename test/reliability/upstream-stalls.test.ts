import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatKit } from '../format-kits/format-kit.ts';
import { DEFAULT_KIT, KIT_LIST, KIT_PAIRS, kitOfUpstreamPath } from '../format-kits/kits.ts';
import { firstRecords } from '../format-kits/stream-records.ts';
import { exchange, type Exchange } from './exchange.ts';
import {
  chunk,
  head,
  jsonAnswer,
  stall,
  startFaultUpstream,
  wait,
  write,
  type FaultScript,
  type FaultUpstream,
} from './fault-upstream.ts';
import { startFixture, type GatewayFixture } from './gateway-fixture.ts';
import { httpRequest } from './raw-http.ts';
import { requestHeaders } from './routes.ts';
import { recordFromSimulator, type Recordings } from './sim-recordings.ts';
import { expectBrokenStream, streamHead } from './stream-faults.ts';

/**
 * An upstream that stops talking: headers that never come, a body that stalls part-way,
 * streamed or not, a catalog that never answers, and a port nobody listens on. Every wait is
 * bounded by the upstream timeouts (short here), the client gets the right status or an
 * in-stream error, the upstream connection is released, and each request has one record
 * with its attempts counted. Every format pair runs at once, so a test costs one timeout.
 */
const TIMEOUT_MS = 800;
/** A stall must end within its timeout plus this (scheduling on a loaded 2-core machine). */
const SLACK_MS = 2500;
let recordings: Recordings;
let up: FaultUpstream;
let fx: GatewayFixture;

beforeAll(async () => {
  recordings = await recordFromSimulator();
  up = await startFaultUpstream();
  fx = await startFixture({
    upstreamUrl: up.url,
    upstream: { headersTimeoutMs: TIMEOUT_MS, bodyTimeoutMs: TIMEOUT_MS },
  });
});
afterAll(async () => {
  await fx.close();
  await up.close();
});

/** Every (client, upstream) pair at once; the script picks the recording by the upstream path. */
const allPairs = (stream: boolean): Promise<(Exchange & { client: FormatKit })[]> =>
  Promise.all(
    KIT_PAIRS.map(async ({ client, upstream }) => ({
      client,
      ...(await exchange(fx, { kit: client, model: upstream.nativeModel, stream })),
    })),
  );

/** The POST routes besides generation whose answer the gateway passes through (`count_tokens`). */
const OTHER_ROUTES = KIT_LIST.flatMap((kit) =>
  kit.client.otherRoutes.map((route) => ({ kit, route, name: `${kit.format} ${route.name}` })),
);

describe('an upstream that stalls, for every format pair', () => {
  it('headers that never come: a 504 within the headers timeout, one attempt, connection released', async () => {
    up.script = () => [stall];
    for (const { client, reply, record, elapsedMs } of await allPairs(true)) {
      client.errors.expect(reply, 504);
      expect(elapsedMs).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      expect(record).toMatchObject({ status: 504, errorKind: 'upstream_timeout', attempts: 1 });
    }
    await up.waitForConnections(0);
  });

  it('a stream that stalls mid-way ends with an in-stream error within the body timeout', async () => {
    up.script = (request) => {
      const kit = kitOfUpstreamPath(request.path);
      return [
        streamHead(kit),
        chunk(firstRecords(kit, recordings[kit.format].stream, 3)),
        wait(20),
        stall,
      ];
    };
    for (const { client, reply, record, elapsedMs } of await allPairs(true)) {
      expectBrokenStream(client, reply, 504);
      expect(elapsedMs).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      expect(record.errorKind).not.toBeNull();
      expect(record.attempts).toBe(1);
    }
    await up.waitForConnections(0);
  });

  it('a non-streamed body that stalls before its first byte is a 504', async () => {
    up.script = () => [
      head(200, { 'content-type': 'application/json', 'content-length': '500' }),
      stall,
    ];
    for (const { client, reply, record, elapsedMs } of await allPairs(false)) {
      client.errors.expect(reply, 504);
      expect(elapsedMs).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      expect(record.errorKind).toBe('upstream_timeout');
    }
    await up.waitForConnections(0);
  });
});

describe('stalls and refusals outside one generation', () => {
  it('a non-streamed body that stalls after some bytes is a 504 within the body timeout', async () => {
    up.script = () => [
      head(200, { 'content-type': 'application/json', 'content-length': '500' }),
      write('{"id":"x",'),
      stall,
    ];
    // Passed through and translated alike: the answer is read whole before any of it is sent.
    for (const { client, reply, record, elapsedMs } of await allPairs(false)) {
      client.errors.expect(reply, 504);
      expect(elapsedMs).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      expect(record.errorKind).toBe('upstream_timeout');
    }
    await up.waitForConnections(0);
  });

  it.each(OTHER_ROUTES)(
    'a $name answer that stalls, before its headers or in its body, is a 504 in time',
    async ({ kit, route }) => {
      const scripts: Record<string, FaultScript> = {
        'no headers': () => [stall],
        'headers, no body': () => [
          head(200, { 'content-type': 'application/json', 'content-length': '40' }),
          stall,
        ],
        'part of the body': () => [
          head(200, { 'content-type': 'application/json', 'content-length': '40' }),
          write('{"input_tok'),
          stall,
        ],
      };
      // All at once, each request naming its stall, so the test costs one timeout.
      up.script = (request) =>
        scripts[Object.keys(scripts).find((name) => request.body.includes(name)) ?? '']!(request);
      const calls = Object.keys(scripts).map(async (name) => {
        const started = Date.now();
        const request = route.request(kit.nativeModel, `count me: ${name}`);
        const reply = await httpRequest(fx.url, {
          method: 'POST',
          path: request.path,
          headers: requestHeaders(request, fx.token),
          body: JSON.stringify(request.body),
        });
        return { name, reply, elapsedMs: Date.now() - started };
      });
      for (const { name, reply, elapsedMs } of await Promise.all(calls)) {
        // Soft: every stall is reported, whatever the first one did.
        expect.soft(reply.status, `${name}: ${reply.text}`).toBe(504);
        expect(elapsedMs).toBeLessThan(TIMEOUT_MS + SLACK_MS);
        if (reply.status !== 504) continue;
        kit.errors.expect(reply, 504);
        const record = await fx.recordFor(String(reply.headers['x-request-id']));
        expect(record).toMatchObject({ status: 504, errorKind: 'upstream_timeout' });
      }
      await up.waitForConnections(0);
    },
  );

  it('a catalog that never answers is a 504 for the client, not a hang', async () => {
    const local = await startFixture({
      upstreamUrl: up.url,
      upstream: { headersTimeoutMs: TIMEOUT_MS },
    });
    up.catalogScript = () => [stall];
    try {
      // Every format at once, waiting on the one catalog load.
      const all = await Promise.all(
        KIT_LIST.map(async (kit) => ({
          kit,
          ...(await exchange(local, { kit, model: kit.nativeModel, stream: true })),
        })),
      );
      for (const { kit, reply, record, elapsedMs } of all) {
        kit.errors.expect(reply, 504);
        expect(elapsedMs).toBeLessThan(TIMEOUT_MS + SLACK_MS);
        expect(record.errorKind).toBe('upstream_timeout');
      }
    } finally {
      up.catalogScript = null;
      await local.close();
    }
  });

  it('a generation whose connection is refused is retried and every attempt recorded', async () => {
    const target = await startFaultUpstream();
    const local = await startFixture({ upstreamUrl: target.url });
    try {
      target.script = () => jsonAnswer(200, {});
      // Load the catalog while the upstream is there, then take it away.
      const first = await exchange(local, {
        kit: DEFAULT_KIT,
        model: DEFAULT_KIT.nativeModel,
        stream: false,
      });
      expect(first.reply.status).toBe(200);
      await target.close();
      for (const kit of KIT_LIST) {
        const { reply, record } = await exchange(local, {
          kit,
          model: kit.nativeModel,
          stream: false,
        });
        kit.errors.expect(reply, 502);
        expect(record).toMatchObject({ errorKind: 'upstream_unreachable', attempts: 3 });
      }
    } finally {
      await local.close();
    }
  });
});
