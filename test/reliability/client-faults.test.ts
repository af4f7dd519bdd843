import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitRequest } from '../format-kits/format-kit.ts';
import { DEFAULT_KIT, KIT_LIST } from '../format-kits/kits.ts';
import { upToFirstText } from '../format-kits/stream-records.ts';
import {
  chunk,
  FAULT_MODELS,
  head,
  jsonAnswer,
  stall,
  startFaultUpstream,
  wait,
  write,
  end,
  type FaultUpstream,
} from './fault-upstream.ts';
import { startFixture, type GatewayFixture } from './gateway-fixture.ts';
import { handleCounts, settleToBaseline, type HandleCounts } from './handles.ts';
import { httpRequest, openConnection, postHead, type RawConnection } from './raw-http.ts';
import { requestHeaders } from './routes.ts';
import { SCALE } from './scale.ts';
import { recordFromSimulator, type Recordings } from './sim-recordings.ts';
import { streamHead } from './stream-faults.ts';

/**
 * A client that goes away at every phase of a request: before its body, mid-upload, while the
 * gateway waits for the upstream's headers, mid-stream, during a retry backoff, and while the
 * catalog loads. The upstream request is aborted (or never made), each request leaves one
 * record marked cancelled, and afterwards no socket, timer or pooled connection is left over.
 */
let recordings: Recordings;
let up: FaultUpstream;
let fx: GatewayFixture;
let baseline: HandleCounts;

/**
 * The client and the upstream of these checks are the first format's (the transport does not
 * depend on the format); the translated stream goes to every other format's client.
 */
const kit = DEFAULT_KIT;
const MODEL = kit.nativeModel;
/** The start of the upstream's stream, its first text being `first words`. */
const firstWords = () => upToFirstText(kit, recordings[kit.format].stream, 'first words');
const wholeAnswer = () => recordings[kit.format].json;
const REQUEST = kit.client.request(MODEL, 'go away early', true);
const BODY = JSON.stringify(REQUEST.body);

beforeAll(async () => {
  recordings = await recordFromSimulator();
  up = await startFaultUpstream();
  fx = await startFixture({ upstreamUrl: up.url });
  // Warm up: catalog loaded, one request served, so later counts compare like with like.
  up.script = () => jsonAnswer(200, wholeAnswer());
  const warm = await send(fx.url, kit.client.request(MODEL, 'w', false), fx.token);

  expect(warm.status).toBe(200);
  await up.waitForConnections(0);
  baseline = handleCounts();
});
afterAll(async () => {
  await fx.close();
  await up.close();
});

const headers = (): Record<string, string> => requestHeaders(REQUEST, fx.token);

/** A whole request on its own connection, left open for the test to drop. */
async function connectAndSend(
  request: KitRequest = REQUEST,
  url = fx.url,
  token = fx.token,
): Promise<RawConnection> {
  const body = JSON.stringify(request.body);
  const conn = await openConnection(url);
  await conn.write(
    postHead(request.path, requestHeaders(request, token), Buffer.byteLength(body)) + body,
  );
  return conn;
}

function send(url: string, request: KitRequest, token: string) {
  return httpRequest(url, {
    method: 'POST',
    path: request.path,
    headers: requestHeaders(request, token),
    body: JSON.stringify(request.body),
  });
}

/** Runs one disconnect and checks the one record it leaves. */
async function expectCancelledRecord(run: () => Promise<void>, status?: number): Promise<void> {
  const before = fx.records.length;
  await run();
  await fx.waitForRecords(before + 1);
  // Give a second record (a double count) the chance to appear before counting.
  await new Promise((r) => setTimeout(r, 30));
  expect(fx.records.length).toBe(before + 1);
  const record = fx.records[before]!;
  expect(record.cancelled).toBe(true);
  if (status !== undefined) expect(record.status).toBe(status);
}

const newGenerations = (since: number) => up.generations().slice(since);

describe(`a client that disconnects (${SCALE.clientFaultRepeats}× each)`, () => {
  const repeats = Array.from({ length: SCALE.clientFaultRepeats }, (_, i) => i);

  it('before sending its body: no upstream call, a 499 record', async () => {
    const since = up.generations().length;
    for (const _ of repeats) {
      await expectCancelledRecord(async () => {
        const conn = await openConnection(fx.url);
        await conn.write(postHead(REQUEST.path, headers(), Buffer.byteLength(BODY)));
        await new Promise((r) => setTimeout(r, 30));
        conn.drop();
      }, 499);
    }
    expect(newGenerations(since)).toHaveLength(0);
  });

  it('mid-upload: no upstream call, a 499 record', async () => {
    const since = up.generations().length;
    for (const _ of repeats) {
      await expectCancelledRecord(async () => {
        const conn = await openConnection(fx.url);
        await conn.write(
          postHead(REQUEST.path, headers(), Buffer.byteLength(BODY)) + BODY.slice(0, 20),
        );
        await new Promise((r) => setTimeout(r, 30));
        conn.drop();
      }, 499);
    }
    expect(newGenerations(since)).toHaveLength(0);
  });

  it('while the gateway waits for upstream headers: the upstream request is aborted', async () => {
    up.script = () => [stall];
    for (const _ of repeats) {
      const since = up.generations().length;
      await expectCancelledRecord(async () => {
        const conn = await connectAndSend();
        await up.waitFor(() => up.generations().length > since);
        conn.drop();
      }, 499);
      const call = newGenerations(since)[0]!;
      await up.waitFor(() => call.closedEarly);
    }
  });

  it('mid-stream: the upstream stream is aborted at once', async () => {
    up.script = () => [streamHead(kit), chunk(firstWords()), wait(5000), chunk(firstWords())];
    for (const _ of repeats) {
      const since = up.generations().length;
      await expectCancelledRecord(async () => {
        const conn = await connectAndSend();
        await conn.waitFor(/first words/);
        conn.drop();
      }, 200);
      const call = newGenerations(since)[0]!;
      await up.waitFor(() => call.closedEarly, 1000);
    }
  });

  // The same request from a client of each other format: the stream is translated as it comes.
  it.each(KIT_LIST.filter((client) => client !== kit))(
    'mid-stream through a translation into $format: the upstream stream is aborted at once',
    async (client) => {
      up.script = () => [streamHead(kit), chunk(firstWords()), wait(5000), chunk(firstWords())];
      for (const _ of repeats) {
        const since = up.generations().length;
        await expectCancelledRecord(async () => {
          const conn = await connectAndSend(client.client.request(MODEL, 'go away early', true));
          await conn.waitFor(/first words/);
          conn.drop();
        }, 200);
        const call = newGenerations(since)[0]!;
        await up.waitFor(() => call.closedEarly, 1000);
      }
    },
  );

  it('during a retry backoff: no further attempt is made', async () => {
    up.script = () => [
      head(429, {
        'content-type': 'application/json',
        'retry-after-ms': '600',
        'content-length': '2',
      }),
      write('{}'),
      end,
    ];
    for (const _ of repeats) {
      const since = up.generations().length;
      await expectCancelledRecord(async () => {
        const conn = await connectAndSend();
        await up.waitFor(() => up.generations().length > since);
        await new Promise((r) => setTimeout(r, 50));
        conn.drop();
      }, 499);
      // The backoff would have ended by now: a retry after the client left would show here.
      await new Promise((r) => setTimeout(r, 800));
      expect(newGenerations(since)).toHaveLength(1);
      expect(fx.records.at(-1)?.attempts).toBe(1);
    }
  });

  it('leaves no socket, timer or pooled connection behind', async () => {
    await up.waitForConnections(0);
    expect(await settleToBaseline(baseline)).toEqual({});
    expect(fx.upstream.stats()).toMatchObject({ connected: 0, pending: 0, running: 0 });
  });
});

describe('a client that disconnects while the catalog loads', () => {
  it('does not fail the other requests sharing that load', async () => {
    const slowCatalog = () => [
      wait(300),
      ...jsonAnswer(200, {
        object: 'list',
        data: FAULT_MODELS.map((m) => ({
          id: m.id,
          object: 'model',
          supported_endpoint_types: m.markers,
        })),
      }),
    ];
    up.catalogScript = slowCatalog;
    up.script = () => jsonAnswer(200, wholeAnswer());
    const local = await startFixture({ upstreamUrl: up.url });
    try {
      const request = kit.client.request(MODEL, 'x', false);
      const leaving = await connectAndSend(request, local.url, fx.token);
      await new Promise((r) => setTimeout(r, 50));
      const staying = send(local.url, request, fx.token);
      await new Promise((r) => setTimeout(r, 50));
      leaving.drop();
      const reply = await staying;
      expect(reply.status, reply.text).toBe(200);
    } finally {
      up.catalogScript = null;
      await local.close();
    }
  });

  it('aborts the catalog call once every request waiting on it has gone', async () => {
    up.catalogScript = () => [stall];
    const local = await startFixture({ upstreamUrl: up.url });
    try {
      const since = up.requests.length;
      const conn = await connectAndSend(
        kit.client.request(MODEL, 'x', false),
        local.url,
        local.token,
      );
      const catalogCall = await up.waitFor(
        (r) => up.requests.indexOf(r) >= since && r.path.startsWith('/v1/models'),
      );
      conn.drop();
      await up.waitFor(() => catalogCall.closedEarly, 1000);
    } finally {
      up.catalogScript = null;
      await local.close();
    }
  });
});
