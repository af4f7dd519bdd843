import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormatCodec } from '../../../electron/gateway/canonical/format-codec.ts';
import type { CanonicalStreamEvent } from '../../../electron/gateway/canonical/canonical-stream.ts';
import { StreamAccumulator } from '../../../electron/gateway/canonical/stream-accumulator.ts';
import { CODEC_LIST } from '../../../electron/gateway/formats/codecs.ts';
import {
  startGateway,
  type RunningGateway,
} from '../../../electron/gateway/server/gateway-server.ts';
import { singleTokenAuthenticator } from '../../../electron/gateway/server/local-auth.ts';
import { UpstreamClient } from '../../../electron/gateway/upstream/upstream-client.ts';
import { encodeContextOf, testContext } from '../../doubles/formats/test-context.ts';
import type { KitRoundTrip, Reading, WrittenValue } from '../../format-kits/format-kit.ts';
import { KITS, KIT_LIST } from '../../format-kits/kits.ts';
import { recordedChunks, recordedFile, recordedNames } from '../../recorded-fixtures.ts';
import { fixtureModel, startFixtureUpstream, type FixtureUpstream } from './fixture-upstream.ts';

/**
 * The recorded-fixture contract, over the codec list: every real upstream capture a format's
 * kit holds (`test/fixtures/recorded/<folder>/`) must reach a client of every other format
 * translated, with the text, calls and usage the capture says (read from its JSON by the kit,
 * sharing no code with the decoders), and a client of its own format passed through exactly as
 * its SDK reads the upstream directly. A kit with a round trip also has each capture decoded by
 * its codec, checked against its own reading, encoded again for a client of the format and read
 * back with the official SDK, whose types must accept everything the encoders wrote.
 */
const TOKEN = 'mgw_replay';
let upstream: FixtureUpstream;
let gateway: RunningGateway;

beforeAll(async () => {
  upstream = await startFixtureUpstream();
  gateway = await startGateway({
    upstream: new UpstreamClient({ baseUrl: upstream.url, apiKey: () => 'fixture-key' }),
    auth: singleTokenAuthenticator(TOKEN),
    port: 0,
  });
});
afterAll(async () => {
  await gateway.close(100);
  await upstream.close();
});

/** How a client SDK reads a stream, or the name of what it threw. */
async function settle(reading: Promise<Reading>): Promise<Reading | { threw: string }> {
  return reading.catch((error: unknown) => ({
    threw: error instanceof Error ? error.constructor.name : 'error',
  }));
}

/** A capture decoded by the codec's stream decoder. */
function decodeRecorded(codec: FormatCodec, roundTrip: KitRoundTrip, payloads: string[]) {
  const ctx = testContext();
  const decoder = codec.createStreamDecoder(ctx);
  const events: CanonicalStreamEvent[] = [];
  for (const payload of payloads) events.push(...decoder.push(roundTrip.decoderInput(payload)));
  events.push(...decoder.end());
  return events;
}

/** Events encoded for a client of the codec's format that asked to see everything. */
function encodeEvents(
  codec: FormatCodec,
  roundTrip: KitRoundTrip,
  events: CanonicalStreamEvent[],
): string {
  const encoder = codec.createStreamEncoder(
    encodeContextOf({ responseId: codec.newResponseId() }, roundTrip.encodeRequest),
  );
  return events.map((event) => encoder.encode(event)).join('') + encoder.end();
}

describe.each(CODEC_LIST)('recorded $format captures', (codec) => {
  const kit = KITS[codec.format];
  const { folder, counts, roundTrip } = kit.recorded;
  const streamNames = recordedNames(folder, '.chunks.txt');
  const bodyNames = recordedNames(folder, '.json');
  /** What the encoders wrote in the round trips, type-checked at the end. */
  const written: WrittenValue[] = [];

  it('has its recorded streams', () => {
    expect(streamNames.length).toBe(counts.streams);
  });

  it('has its recorded bodies', () => {
    expect(bodyNames.length).toBe(counts.bodies);
  });

  const cases = streamNames.flatMap((name) =>
    kit.recorded.streams(recordedChunks(folder, name)).map((payloads, i, all) => ({
      name: all.length > 1 ? `${name} #${i + 1}` : name,
      payloads,
    })),
  );

  describe.each(cases)('stream $name replayed as the upstream', ({ name, payloads }) => {
    const reference = kit.recorded.reference(payloads);

    it.each(KIT_LIST.filter((client) => client !== kit))(
      'reaches a $format client translated, with the same text, calls and usage',
      async (client) => {
        upstream.serve(kit, payloads);
        const reading = client.recorded.readStream(fixtureModel(kit.format), gateway.url, TOKEN);
        if (reference.failed) {
          await expect(reading).rejects.toThrow();
          return;
        }
        const result = await reading;
        // A format with no place for a refusal gets it as text (a translation rule).
        const refusal = client.client.refusalAsText ? (reference.refusal ?? '') : '';
        expect(result.text).toBe(reference.text + refusal);
        expect(result.calls).toEqual(reference.calls);
        if (reference.usage) expect(result.usage).toEqual(reference.usage);
      },
    );

    it(`reaches a ${kit.format} client passed through exactly as its SDK reads the upstream directly`, async () => {
      upstream.serve(kit, payloads);
      const model = fixtureModel(kit.format);
      const direct = await settle(kit.recorded.readStream(model, upstream.url, TOKEN));
      const viaGateway = await settle(kit.recorded.readStream(model, gateway.url, TOKEN));
      expect(viaGateway).toEqual(direct);
    });

    if (roundTrip)
      it(`decoded, encoded again and read with the ${kit.matrix.sdk} SDK, says what the capture says`, async () => {
        const own = roundTrip.referenceOfStream(payloads);
        const events = decodeRecorded(codec, roundTrip, payloads);
        const body = encodeEvents(codec, roundTrip, events);
        written.push(...roundTrip.written(name, body));
        if (own === 'error') {
          roundTrip.expectFailedStream(
            events.at(-1),
            await roundTrip.sdkStream(body).catch((error: unknown) => error),
          );
          return;
        }
        const accumulator = new StreamAccumulator();
        for (const event of events) accumulator.add(event);
        expect(accumulator.error).toBeUndefined();
        expect(roundTrip.canonical(accumulator.result())).toEqual(own);
        expect(await roundTrip.sdkStream(body)).toEqual(own);
      });
  });

  if (!roundTrip) return;

  describe.each(bodyNames)('body %s', (name) => {
    it(`decoded, encoded again and read with the ${kit.matrix.sdk} SDK, says what the capture says`, async () => {
      const body = JSON.parse(recordedFile(folder, name)) as Record<string, unknown>;
      const own = roundTrip.referenceOfBody(body);
      const ctx = testContext();
      const response = codec.decodeResponse(body, ctx);
      expect(roundTrip.canonical(response)).toEqual(own);
      const encoded = codec.encodeResponse(
        response,
        encodeContextOf({ responseId: codec.newResponseId() }, roundTrip.encodeRequest, ctx),
      );
      written.push(roundTrip.writtenBody(name, encoded));
      expect(await roundTrip.sdkBody(encoded)).toEqual(own);
    });
  });

  it(`the ${kit.matrix.sdk} types accept everything the encoders wrote, and refuse a canary`, async () => {
    // Not vacuous: every stream above wrote at least its start, some content and its end, and
    // every body itself.
    expect(written.length).toBeGreaterThanOrEqual(counts.streams * 3 + counts.bodies);
    // The canary breaks the types: the check must catch it, and only it.
    const errors = await roundTrip.typeErrors([...written, roundTrip.canary]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(roundTrip.canaryError);
  }, 60_000);
});
