import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { badInputBurst } from './bad-input-burst.ts';
import {
  canReadRss,
  PROCESS_TOKEN,
  startGatewayProcess,
  type GatewayProcess,
} from './gateway-process.ts';
import { LONG, SCALE } from './scale.ts';

/**
 * Memory stays bounded under bad input: a real gateway process takes bursts of bad requests
 * (deep nesting, big junk bodies, invalid UTF-8, ...) and its RSS after the last bursts is
 * close to its RSS after the first ones. A first burst warms up: the heap grows to its working
 * size once, and V8 keeps freed pages around, so only growth after it can be a leak.
 */
let sim: RunningSimulator;
let gw: GatewayProcess;

beforeAll(async () => {
  sim = await startSimulator();
  gw = await startGatewayProcess({ upstreamUrl: sim.url, upstreamKey: SIM_KEYS.full });
});
afterAll(async () => {
  await gw.stop();
  await sim.close();
});

const MB = 1024 * 1024;
/** Bursts measured after the warm-up one. */
const BURSTS = LONG ? 10 : 6;
/**
 * Each burst sends SCALE.burst / 8 big junk bodies (60 MB and more); keeping even one body per
 * request would add that much per burst, several times this bound over the run.
 */
const BOUND_MB = Math.max(100, (SCALE.bigBodyBytes * 4) / MB);

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

describe.skipIf(!canReadRss())('memory under bad input', () => {
  it(
    'stays bounded over repeated bursts, answers every one with a 4xx, and stays up',
    async () => {
      const burst = () =>
        badInputBurst({
          url: gw.url,
          token: PROCESS_TOKEN,
          requests: SCALE.burst,
          concurrency: 4,
          nesting: SCALE.nesting,
          bigBodyBytes: SCALE.bigBodyBytes,
        });
      const settle = () => new Promise((r) => setTimeout(r, 200));
      const statuses = await burst();
      const samples: number[] = [];
      for (let i = 0; i < BURSTS; i += 1) {
        statuses.push(...(await burst()));
        await settle();
        samples.push(gw.rss());
      }
      // RSS swings by tens of MB as V8 returns pages or keeps them, so compare the average of
      // the first bursts with that of the last: a leak grows steadily, noise does not.
      const early = mean(samples.slice(0, 2));
      const late = mean(samples.slice(-2));
      const shown = samples.map((s) => Math.round(s / MB)).join(', ');
      expect((late - early) / MB, `RSS after each burst (MB): ${shown}`).toBeLessThan(BOUND_MB);
      expect(Math.max(...samples) / MB, `RSS after each burst (MB): ${shown}`).toBeLessThan(1024);
      expect(
        statuses.every((s) => s >= 400 && s < 500),
        String(statuses),
      ).toBe(true);
      expect(gw.cli.child.exitCode).toBeNull();
      const ok = await fetch(`${gw.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${PROCESS_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'sim-chat',
          messages: [{ role: 'user', content: 'alive?' }],
        }),
      });
      expect(ok.status).toBe(200);
    },
    LONG ? 900_000 : 40_000,
  );
});
