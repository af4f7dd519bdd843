import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatKit } from '../format-kits/format-kit.ts';
import { KIT_LIST, KIT_PAIRS, kitOfUpstreamPath } from '../format-kits/kits.ts';
import { firstRecords, streamError, streamedText } from '../format-kits/stream-records.ts';
import { exchange } from './exchange.ts';
import {
  chunk,
  head,
  reset,
  startFaultUpstream,
  wait,
  write,
  type FaultUpstream,
} from './fault-upstream.ts';
import { startFixture, type GatewayFixture } from './gateway-fixture.ts';
import { httpRequest } from './raw-http.ts';
import { requestHeaders } from './routes.ts';
import { recordFromSimulator, type Recordings } from './sim-recordings.ts';
import { expectBrokenStream, streamAnswer, streamResetAt } from './stream-faults.ts';

/**
 * Streams and bodies that stop early: a stream that ends cleanly without its terminal event
 * (truncated), a connection reset in the middle of an event or before any body byte, and a
 * non-streamed body cut short. The client must learn that its answer is incomplete, in its
 * own format, and the record must say so.
 */
let recordings: Recordings;
let up: FaultUpstream;
let fx: GatewayFixture;

beforeAll(async () => {
  recordings = await recordFromSimulator();
  up = await startFaultUpstream();
  fx = await startFixture({ upstreamUrl: up.url });
});
afterAll(async () => {
  await fx.close();
  await up.close();
});

/** The last record of a streamed body, which must be a well-formed in-stream error. */
function expectEndsWithError(client: FormatKit, body: string): void {
  const records = client.stream.framing.records(body);
  const last = client.stream.framing.write(records.slice(-1));
  expect(streamError(client, last), `last record: ${last.slice(0, 300)}`).not.toBeNull();
}

describe.each(KIT_PAIRS)('$label', ({ client, upstream }) => {
  const model = upstream.nativeModel;
  const recorded = () => recordings[upstream.format];

  it('a stream that ends cleanly without its terminal event ends with an in-stream error', async () => {
    up.script = () => streamAnswer(upstream, [chunk(firstRecords(upstream, recorded().stream, 3))]);
    const { reply, record } = await exchange(fx, { kit: client, model, stream: true });
    expect(reply.status).toBe(200);
    expectEndsWithError(client, reply.text);
    expect(record.errorKind).not.toBeNull();
  });

  it('a reset in the middle of an event ends the stream with a well-formed error', async () => {
    const body = recorded().stream;
    // Inside the second record: the record in flight is partial. The first record gave every
    // client bytes, except one of a format whose stream opens only with content (a Gemini chunk
    // carries content) translated from another whose first record had no text (a Gemini
    // upstream's has): it gets an error status instead.
    const second = upstream.stream.framing.recordEnd(body, 0) + 20;
    up.script = () => streamResetAt(upstream, body, second);
    const { reply, record } = await exchange(fx, { kit: client, model, stream: true });
    const firstHasText = streamedText(upstream, firstRecords(upstream, body, 1)) !== '';
    const nothingSentYet =
      !client.stream.opensBeforeContent && client !== upstream && !firstHasText;
    expect(expectBrokenStream(client, reply, 502)).toBe(nothingSentYet ? 'status' : 'in-stream');
    if (!nothingSentYet) {
      expectEndsWithError(client, reply.text);
      expect(record.usageEstimated).toBe(true);
    }
    expect(record.errorKind).toBe('upstream_disconnected');
  });

  it('a reset before any body byte is an error status or an in-stream error, never a silent 200', async () => {
    up.script = () => streamResetAt(upstream, recorded().stream, 0);
    const { reply, record } = await exchange(fx, { kit: client, model, stream: true });
    if (reply.status === 200) expectEndsWithError(client, reply.text);
    else client.errors.expect(reply, 502);
    expect(record.errorKind).not.toBeNull();
  });

  it('a non-streamed answer reset before its body is a 502 in the client’s format', async () => {
    up.script = () => [
      head(200, { 'content-type': 'application/json', 'content-length': '400' }),
      wait(5),
      reset,
    ];
    const { reply, record } = await exchange(fx, { kit: client, model, stream: false });
    client.errors.expect(reply, 502);
    expect(record.status).toBe(502);
    expect(record.errorKind).not.toBeNull();
  });
});

/** An upstream's whole answer cut after 40 bytes: the connection resets with the rest owed. */
const cutAnswer = (json: string) => () => [
  head(200, { 'content-type': 'application/json', 'content-length': String(json.length) }),
  write(json.slice(0, 40)),
  wait(5),
  reset,
];

describe.each(KIT_LIST)('a non-streamed $format body cut part-way', (kit) => {
  it('passed through: a 502 in the client’s format (never a complete-looking 200), and the record says why', async () => {
    up.script = cutAnswer(recordings[kit.format].json);
    const { reply, record } = await exchange(fx, {
      kit,
      model: kit.nativeModel,
      stream: false,
    });
    kit.errors.expect(reply, 502);
    expect(record.errorKind).toBe('upstream_disconnected');
  });

  it('translated: a 502 in the client’s format', async () => {
    // The answer of the translated model's own format, cut.
    up.script = (request) => cutAnswer(recordings[kitOfUpstreamPath(request.path).format].json)();
    const { reply, record } = await exchange(fx, {
      kit,
      model: kit.translatedModel,
      stream: false,
    });
    kit.errors.expect(reply, 502);
    expect(record.errorKind).not.toBeNull();
  });

  it.each(kit.client.otherRoutes)(
    'a $name answer passed through: a 502 in its shape, and the record says why',
    async (route) => {
      const answer = '{"input_tokens":42}';
      up.script = () => [
        head(200, { 'content-type': 'application/json', 'content-length': String(answer.length) }),
        write(answer.slice(0, 8)),
        wait(5),
        reset,
      ];
      const request = route.request(kit.nativeModel, 'count me');
      const reply = await httpRequest(fx.url, {
        method: 'POST',
        path: request.path,
        headers: requestHeaders(request, fx.token),
        body: JSON.stringify(request.body),
      });
      kit.errors.expect(reply, 502);
      const record = await fx.recordFor(String(reply.headers['x-request-id']));
      expect(record).toMatchObject({ status: 502, errorKind: 'upstream_disconnected' });
    },
  );
});
