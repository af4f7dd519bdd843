import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireFormat } from '../../shared/wire-formats.ts';
import { expectErrorIn } from './error-shapes.ts';
import { exchange, FORMAT_PAIRS, MODEL_FOR } from './exchange.ts';
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
import { routeHeaders, routeOf } from './routes.ts';
import { recordFromSimulator, type Recordings } from './sim-recordings.ts';
import {
  expectBrokenStream,
  firstEvents,
  sseAnswer,
  sseResetAt,
  streamError,
} from './sse-faults.ts';

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

/** The last event of an SSE body, which must be a well-formed in-stream error. */
function lastEvent(sse: string): string {
  const blocks = sse.split(/\r?\n\r?\n/).filter((b) => b.trim() !== '');
  return `${blocks.at(-1) ?? ''}\n\n`;
}

function expectEndsWithError(client: WireFormat, sse: string): void {
  const last = lastEvent(sse);
  expect(streamError(client, last), `last event: ${last.slice(0, 300)}`).not.toBeNull();
}

describe.each(FORMAT_PAIRS)('$upstream upstream → $client client', ({ client, upstream }) => {
  const model = MODEL_FOR[upstream];

  it('a stream that ends cleanly without its terminal event ends with an in-stream error', async () => {
    up.script = () => sseAnswer([chunk(firstEvents(recordings[upstream].stream, 3))]);
    const { reply, record } = await exchange(fx, { format: client, model, stream: true });
    expect(reply.status).toBe(200);
    expectEndsWithError(client, reply.text);
    expect(record.errorKind).not.toBeNull();
  });

  it('a reset in the middle of an event ends the stream with a well-formed error', async () => {
    const sse = recordings[upstream].stream;
    // Inside the second event: the event in flight is partial. The first event gave every client
    // bytes, except a native client of another format's upstream (a Gemini chunk carries
    // content, and the first event had none): it gets an error status instead.
    const second = sse.indexOf('\n\n') + 2 + 20;
    up.script = () => sseResetAt(sse, second);
    const { reply, record } = await exchange(fx, { format: client, model, stream: true });
    const translatedToNative = client === 'gemini' && upstream !== 'gemini';
    expect(expectBrokenStream(client, reply, 502)).toBe(
      translatedToNative ? 'status' : 'in-stream',
    );
    if (!translatedToNative) {
      expectEndsWithError(client, reply.text);
      expect(record.usageEstimated).toBe(true);
    }
    expect(record.errorKind).toBe('upstream_disconnected');
  });

  it('a reset before any body byte is an error status or an in-stream error, never a silent 200', async () => {
    up.script = () => sseResetAt(recordings[upstream].stream, 0);
    const { reply, record } = await exchange(fx, { format: client, model, stream: true });
    if (reply.status === 200) expectEndsWithError(client, reply.text);
    else expectErrorIn(client, reply, 502);
    expect(record.errorKind).not.toBeNull();
  });

  it('a non-streamed answer reset before its body is a 502 in the client’s format', async () => {
    up.script = () => [
      head(200, { 'content-type': 'application/json', 'content-length': '400' }),
      wait(5),
      reset,
    ];
    const { reply, record } = await exchange(fx, { format: client, model, stream: false });
    expectErrorIn(client, reply, 502);
    expect(record.status).toBe(502);
    expect(record.errorKind).not.toBeNull();
  });
});

describe('a non-streamed body cut part-way', () => {
  const json = () => recordings.chat.json;
  const cut = () => [
    head(200, { 'content-type': 'application/json', 'content-length': String(json().length) }),
    write(json().slice(0, 40)),
    wait(5),
    reset,
  ];

  it('passed through: a 502 in the client’s format (never a complete-looking 200), and the record says why', async () => {
    up.script = cut;
    const { reply, record } = await exchange(fx, {
      format: 'chat',
      model: 'sim-chat',
      stream: false,
    });
    expectErrorIn('chat', reply, 502);
    expect(record.errorKind).toBe('upstream_disconnected');
  });

  it('a token count passed through: a 502 in the Messages shape, and the record says why', async () => {
    const answer = '{"input_tokens":42}';
    up.script = () => [
      head(200, { 'content-type': 'application/json', 'content-length': String(answer.length) }),
      write(answer.slice(0, 8)),
      wait(5),
      reset,
    ];
    const reply = await httpRequest(fx.url, {
      method: 'POST',
      path: '/v1/messages/count_tokens',
      headers: routeHeaders(routeOf('anthropic', false), fx.token),
      body: JSON.stringify({
        model: MODEL_FOR.anthropic,
        messages: [{ role: 'user', content: 'count me' }],
      }),
    });
    expectErrorIn('anthropic', reply, 502);
    const record = await fx.recordFor(String(reply.headers['x-request-id']));
    expect(record).toMatchObject({ status: 502, errorKind: 'upstream_disconnected' });
  });

  it('translated: a 502 in the client’s format', async () => {
    up.script = cut;
    const { reply, record } = await exchange(fx, {
      format: 'responses',
      model: 'sim-chat',
      stream: false,
    });
    expectErrorIn('responses', reply, 502);
    expect(record.errorKind).not.toBeNull();
  });
});
