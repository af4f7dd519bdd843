import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatKit } from '../format-kits/format-kit.ts';
import { DEFAULT_KIT, KIT_PAIRS } from '../format-kits/kits.ts';
import { streamError, streamedText, withHugeRecord } from '../format-kits/stream-records.ts';
import { exchange } from './exchange.ts';
import { startFaultUpstream, type FaultStep, type FaultUpstream } from './fault-upstream.ts';
import { startFixture, type GatewayFixture } from './gateway-fixture.ts';
import { SCALE } from './scale.ts';
import { recordFromSimulator, type Recordings } from './sim-recordings.ts';
import { inPieces, piecesApart, streamAnswer } from './stream-faults.ts';

/**
 * Streams that are odd but valid must come through whole: the framing's own variants (for SSE:
 * CRLF line endings, also split between CR and LF, comment lines), records split across reads,
 * and one very large record. Each real upstream stream goes through every client format, passed
 * through or translated (the costly variants not for every pair of a format whose recording is
 * long: see `variantsFor`); the text the client assembles must be the upstream's, and the usage
 * metered the upstream's own.
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

interface Variant {
  steps: (body: string, upstream: FormatKit) => FaultStep[];
  costly?: true;
}

/**
 * The same bytes in other framing. The costly variants (lines cut across reads, a millisecond a
 * piece; one huge record) test the upstream's line reader and the buffers on both sides, which
 * are the same whatever the other side is. They run for every pair of formats whose recordings
 * are ordinary, and for a format with a long one (`longRecording`) passed through and translated
 * once each way (to and from the first format); its other pairs get the cheap variants only.
 */
function variantsOf(upstream: FormatKit): Record<string, Variant> {
  const own = Object.fromEntries(
    upstream.stream.framing.variants.map((v): [string, Variant] => [
      v.name,
      {
        steps: (body) => piecesApart(v.pieces(body), v.pauseMs),
        ...(v.costly ? { costly: true } : {}),
      },
    ]),
  );
  return {
    ...own,
    [`records split across ${SCALE.splitBytes}-byte reads`]: {
      steps: (body) => inPieces(body, SCALE.splitBytes, 0),
      costly: true,
    },
    [`one ${SCALE.hugeEventChars / 1024 / 1024} MB record`]: {
      steps: (body, kit) => inPieces(withHugeRecord(kit, body, HUGE), 256 * 1024, 0),
      costly: true,
    },
  };
}

function variantsFor(client: FormatKit, upstream: FormatKit): string[] {
  const long = (kit: FormatKit) => kit.upstream.longRecording === true;
  const costly =
    (!long(client) && !long(upstream)) ||
    client === upstream ||
    (long(upstream) && client === DEFAULT_KIT) ||
    (long(client) && upstream === DEFAULT_KIT);
  const variants = variantsOf(upstream);
  return Object.keys(variants).filter((name) => costly || !variants[name]!.costly);
}

describe.each(KIT_PAIRS)('$label', ({ client, upstream }) => {
  it.each(variantsFor(client, upstream))('%s', async (variant) => {
    const recorded = recordings[upstream.format].stream;
    up.script = () =>
      streamAnswer(upstream, variantsOf(upstream)[variant]!.steps(recorded, upstream));
    const { reply, record } = await exchange(fx, {
      kit: client,
      model: upstream.nativeModel,
      stream: true,
    });
    expect(reply.status).toBe(200);
    expect(streamError(client, reply.text)).toBeNull();
    const sent = variant.includes('MB record')
      ? withHugeRecord(upstream, recorded, HUGE)
      : recorded;
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
