import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_LIST } from '../format-kits/kits.ts';
import { firstRecords, streamError } from '../format-kits/stream-records.ts';
import { exchange } from './exchange.ts';
import { chunk, startFaultUpstream, type FaultUpstream } from './fault-upstream.ts';
import { startFixture, type GatewayFixture } from './gateway-fixture.ts';
import { recordFromSimulator, type Recordings } from './sim-recordings.ts';
import { streamAnswer } from './stream-faults.ts';

/**
 * A passed-through stream whose records are not JSON is a broken answer the client cannot
 * read: like a translated one, it must end with the format's in-stream error, and the record
 * must say what went wrong. Before, the decoder's complaint was taken for the upstream's own
 * error event (which the client would have seen) and the stream ended cleanly.
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

describe.each(KIT_LIST)('$format passed through', (kit) => {
  const garbage = kit.stream.framing.garbage;
  const variants: Record<string, () => string> = {
    'nothing but records that are not JSON': () => garbage + garbage,
    'a record that is not JSON among good ones, terminal events included': () => {
      const recorded = recordings[kit.format].stream;
      const first = firstRecords(kit, recorded, 2);
      return first + garbage + recorded.slice(first.length);
    },
  };
  it.each(Object.keys(variants))('%s: ends with the in-stream error', async (variant) => {
    up.script = () => streamAnswer(kit, [chunk(variants[variant]!())]);
    const { reply, record } = await exchange(fx, {
      kit,
      model: kit.nativeModel,
      stream: true,
    });
    expect(reply.status).toBe(200);
    expect(record.route).toBe('passthrough');
    expect(streamError(kit, reply.text), reply.text.slice(-400)).not.toBeNull();
    expect(record.errorKind).toBe('upstream_invalid_response');
  });
});
