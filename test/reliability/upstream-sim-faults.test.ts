import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_PAIRS, type KitPair } from '../format-kits/kits.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { exchange } from './exchange.ts';
import { FAST_RETRY, startFixture, type GatewayFixture } from './gateway-fixture.ts';
import { expectBrokenStream } from './stream-faults.ts';

/**
 * The simulator's own faults (real wire shapes of each format: Google's RetryInfo, each
 * format's in-stream error) through every format pair, with the short timeouts: each request
 * ends in time, in the client's format, with one record and its attempts.
 */
const TIMEOUT_MS = 700;
let sim: RunningSimulator;
let fx: GatewayFixture;

beforeAll(async () => {
  sim = await startSimulator();
  fx = await startFixture({
    upstreamUrl: sim.url,
    upstreamKey: SIM_KEYS.full,
    upstream: { headersTimeoutMs: TIMEOUT_MS, bodyTimeoutMs: TIMEOUT_MS },
  });
});
afterAll(async () => {
  await fx.close();
  await sim.close();
});

const run = (pair: KitPair, text: string, stream: boolean) =>
  exchange(fx, {
    kit: pair.client,
    model: pair.upstream.nativeModel,
    stream,
    text: `${text} ${Math.random()}`,
  });

describe.each(KIT_PAIRS)('$label', (pair) => {
  it('a 503 burst is retried away; a 429 storm ends in a 429 with its attempts counted', async () => {
    const recovered = await run(pair, '[[sim:fail-first=2:503]]', true);
    expect(recovered.reply.status).toBe(200);
    expect(recovered.record.attempts).toBe(3);
    const storm = await run(pair, '[[sim:429:retry-after=0]]', false);
    pair.client.errors.expect(storm.reply, 429);
    expect(storm.record.attempts).toBe(FAST_RETRY.maxRetries + 1);
  });

  it('an error mid-stream and a cut stream end with the client’s in-stream error', async () => {
    for (const marker of ['[[sim:error-mid-stream]]', '[[sim:cut-after=2]]']) {
      const { reply, record } = await run(pair, marker, true);
      expectBrokenStream(pair.client, reply, 502);
      expect(record.errorKind, marker).not.toBeNull();
    }
  });
});

/** The statuses by which a format's upstream says it refused the work for now (Messages' 529). */
const OVERLOADED = KIT_PAIRS.flatMap((pair) =>
  pair.upstream.upstream.overloadedStatuses.map((status) => ({ pair, status })),
);
const OVERLOADED_UPSTREAMS = [...new Set(OVERLOADED.map(({ pair }) => pair.upstream))];

describe.each(OVERLOADED_UPSTREAMS)('a $format upstream that is overloaded', (upstream) => {
  // Such a status says the upstream refused the work, as a 503 does: no generation was made, so
  // a retry cannot duplicate one.
  it('its own overloaded status, in a burst, is retried away like a 503, for every client', async () => {
    for (const { pair, status } of OVERLOADED.filter(({ pair }) => pair.upstream === upstream)) {
      const { reply, record } = await run(pair, `[[sim:fail-first=2:${status}]]`, false);
      expect(reply.status, `${pair.label}: ${reply.text.slice(0, 300)}`).toBe(200);
      expect(record.attempts).toBe(3);
    }
  });
});

describe('slow upstreams, every format pair at once', () => {
  it('a first byte later than the headers timeout is a 504 in time', async () => {
    const all = await Promise.all(
      KIT_PAIRS.map((pair) => run(pair, `[[sim:slow-first-byte=${TIMEOUT_MS * 4}]]`, true)),
    );
    all.forEach(({ reply, elapsedMs }, i) => {
      KIT_PAIRS[i]!.client.errors.expect(reply, 504);
      expect(elapsedMs).toBeLessThan(TIMEOUT_MS + 2500);
    });
  });

  it('chunks slower than the body timeout end the stream with an error in time', async () => {
    const all = await Promise.all(
      KIT_PAIRS.map((pair) =>
        run(pair, `[[sim:slow-chunks=${TIMEOUT_MS * 4}]] [[sim:long=20]]`, true),
      ),
    );
    all.forEach(({ reply, elapsedMs }, i) => {
      expectBrokenStream(KIT_PAIRS[i]!.client, reply, 504);
      expect(elapsedMs).toBeLessThan(TIMEOUT_MS + 2500);
    });
  });
});
