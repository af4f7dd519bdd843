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
 * upstream stream goes through every client format, passed through or translated (the costly
 * variants not for every Messages pair: see VARIANTS); the text the client assembles must be
 * the upstream's, and the usage metered the upstream's own.
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

/**
 * The same bytes in other framing. The costly variants (lines cut across reads, a millisecond a
 * piece; one huge event) test the upstream's line reader and the buffers on both sides, which
 * are the same whatever the other side is. They run for every pair of the other formats, and
 * for Messages passed through and translated once each way (to and from chat completions); the
 * other Messages pairs get the cheap variants only.
 */
const VARIANTS: Record<
  string,
  { steps: (sse: string, format: WireFormat) => FaultStep[]; costly?: true }
> = {
  'CRLF line endings': { steps: (sse) => [chunk(toCrlf(sse))] },
  'CRLF split between CR and LF': { steps: (sse) => splitInsideCrlf(toCrlf(sse)), costly: true },
  'comment lines and keep-alives': { steps: (sse) => [chunk(withComments(sse))] },
  [`events split across ${SCALE.splitBytes}-byte reads`]: {
    steps: (sse) => inPieces(sse, SCALE.splitBytes, 0),
    costly: true,
  },
  [`one ${SCALE.hugeEventChars / 1024 / 1024} MB event`]: {
    steps: (sse, format) => inPieces(withHugeEvent(format, sse, HUGE), 256 * 1024, 0),
    costly: true,
  },
};

const COSTLY_MESSAGES_PAIRS = ['anthropic>anthropic', 'anthropic>chat', 'chat>anthropic'];

const variantsFor = (client: WireFormat, upstream: WireFormat): string[] => {
  const costly =
    (client !== 'anthropic' && upstream !== 'anthropic') ||
    COSTLY_MESSAGES_PAIRS.includes(`${upstream}>${client}`);
  return Object.keys(VARIANTS).filter((name) => costly || !VARIANTS[name]!.costly);
};

describe.each(FORMAT_PAIRS)('$upstream upstream → $client client', ({ client, upstream }) => {
  it.each(variantsFor(client, upstream))('%s', async (variant) => {
    const recorded = recordings[upstream].stream;
    up.script = () => sseAnswer(VARIANTS[variant]!.steps(recorded, upstream));
    const { reply, record } = await exchange(fx, {
      format: client,
      model: MODEL_FOR[upstream],
      stream: true,
    });
    expect(reply.status).toBe(200);
    expect(streamError(client, reply.text)).toBeNull();
    const sent = variant.includes('MB event') ? withHugeEvent(upstream, recorded, HUGE) : recorded;
    const text = streamedText(client, reply.text);
    // Not vacuous: the recording has text in the upstream's own shape.
    expect(streamedText(upstream, sent).length).toBeGreaterThan(0);
    expect(text.length).toBe(streamedText(upstream, sent).length);
    expect(text === streamedText(upstream, sent)).toBe(true);
    expect(record.errorKind).toBeNull();
    expect(record.usageEstimated).toBe(false);
    expect(record.usage?.outputTokens).toBeGreaterThan(0);
  });
});
