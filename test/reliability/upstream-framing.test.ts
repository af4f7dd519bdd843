import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireFormat } from '../../shared/wire-formats.ts';
import { exchange, FORMAT_PAIRS, MODEL_FOR } from './exchange.ts';
import { chunk, startFaultUpstream, type FaultStep, type FaultUpstream } from './fault-upstream.ts';
import { startFixture, type GatewayFixture } from './gateway-fixture.ts';
import { SCALE } from './scale.ts';
import { recordFromSimulator, type Recordings } from './sim-recordings.ts';
import {
  inPieces,
  splitInsideCrlf,
  sseAnswer,
  streamError,
  streamedText,
  toCrlf,
  withComments,
  withHugeEvent,
} from './sse-faults.ts';

/**
 * SSE that is odd but valid must come through whole: CRLF line endings (also split between
 * CR and LF), comment lines, events split across reads, and one very large event. Each real
 * upstream stream goes through every client format, passed through or translated; the text
 * the client assembles must be the upstream's, and the usage metered the upstream's own.
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

const HUGE = 'H'.repeat(SCALE.hugeEventChars);

const VARIANTS: Record<string, (sse: string, format: WireFormat) => FaultStep[]> = {
  'CRLF line endings': (sse) => [chunk(toCrlf(sse))],
  'CRLF split between CR and LF': (sse) => splitInsideCrlf(toCrlf(sse)),
  'comment lines and keep-alives': (sse) => [chunk(withComments(sse))],
  [`events split across ${SCALE.splitBytes}-byte reads`]: (sse) =>
    inPieces(sse, SCALE.splitBytes, 0),
  [`one ${SCALE.hugeEventChars / 1024 / 1024} MB event`]: (sse, format) =>
    inPieces(withHugeEvent(format, sse, HUGE), 256 * 1024, 0),
};

describe.each(FORMAT_PAIRS)('$upstream upstream → $client client', ({ client, upstream }) => {
  it.each(Object.keys(VARIANTS))('%s', async (variant) => {
    const recorded = recordings[upstream].stream;
    up.script = () => sseAnswer(VARIANTS[variant]!(recorded, upstream));
    const { reply, record } = await exchange(fx, {
      format: client,
      model: MODEL_FOR[upstream],
      stream: true,
    });
    expect(reply.status).toBe(200);
    expect(streamError(client, reply.text)).toBeNull();
    const sent = variant.includes('MB event') ? withHugeEvent(upstream, recorded, HUGE) : recorded;
    const text = streamedText(client, reply.text);
    expect(text.length).toBe(streamedText(upstream, sent).length);
    expect(text === streamedText(upstream, sent)).toBe(true);
    expect(record.errorKind).toBeNull();
    expect(record.usageEstimated).toBe(false);
    expect(record.usage?.outputTokens).toBeGreaterThan(0);
  });
});
