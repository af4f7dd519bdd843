import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIRE_FORMATS } from '../../shared/wire-formats.ts';
import { exchange, MODEL_FOR } from './exchange.ts';
import { chunk, startFaultUpstream, type FaultUpstream } from './fault-upstream.ts';
import { startFixture, type GatewayFixture } from './gateway-fixture.ts';
import { recordFromSimulator, type Recordings } from './sim-recordings.ts';
import { firstEvents, sseAnswer, streamError } from './sse-faults.ts';

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

const GARBAGE = 'data: <html>upstream proxy hiccup</html>\n\n';

describe.each(WIRE_FORMATS)('%s passed through', (format) => {
  const variants: Record<string, () => string> = {
    'nothing but records that are not JSON': () => GARBAGE + GARBAGE,
    'a record that is not JSON among good ones, terminal events included': () => {
      const recorded = recordings[format].stream;
      return firstEvents(recorded, 2) + GARBAGE + recorded.slice(firstEvents(recorded, 2).length);
    },
  };
  it.each(Object.keys(variants))('%s: ends with the in-stream error', async (variant) => {
    up.script = () => sseAnswer([chunk(variants[variant]!())]);
    const { reply, record } = await exchange(fx, {
      format,
      model: MODEL_FOR[format],
      stream: true,
    });
    expect(reply.status).toBe(200);
    expect(record.route).toBe('passthrough');
    expect(streamError(format, reply.text), reply.text.slice(-400)).not.toBeNull();
    expect(record.errorKind).toBe('upstream_invalid_response');
  });
});
