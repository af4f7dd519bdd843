import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../integration/cli-process.ts';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { startGatewayProcess, type GatewayProcess } from './gateway-process.ts';
import { LONG, SCALE } from './scale.ts';

/**
 * A wrong or absent token gets a 401 and no timing difference a client could use: absent,
 * wrong length, right length but wrong value, and right prefix (the store looks tokens up by
 * prefix) but wrong rest. Measured against a real `serve` with a stored token, the kinds
 * interleaved in shuffled rounds over one keep-alive connection so drift and noise hit each
 * kind alike; medians compared against a generous bound, as a 2-core CI machine needs.
 */
const BOUND_MS = 1;
let sim: RunningSimulator;
let gw: GatewayProcess;
let stored: string;

beforeAll(async () => {
  sim = await startSimulator();
  const dataDir = mkdtempSync(join(tmpdir(), 'mg-timing-'));
  const create = runCli(['token', 'create', 'timing', '--data-dir', dataDir]);
  expect(await create.exit()).toBe(0);
  stored = /mgw_[A-Za-z0-9_-]{20,}/.exec(create.stdout() + create.stderr())![0];
  gw = await startGatewayProcess({ upstreamUrl: sim.url, upstreamKey: SIM_KEYS.full, dataDir });
});
afterAll(async () => {
  await gw.stop();
  await sim.close();
});

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function timedGet(
  agent: Agent,
  url: URL,
  authorization: string | null,
): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/v1/models',
        agent,
        headers: authorization === null ? {} : { authorization },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            status: res.statusCode ?? 0,
          }),
        );
      },
    );
    req.setTimeout(5000, () => req.destroy(new Error('no answer in 5 s')));
    req.on('error', reject);
    req.end();
  });
}

describe('local token checks', () => {
  it(
    `show no timing difference between kinds of wrong token (${SCALE.timingTrials} trials each)`,
    async () => {
      const url = new URL(gw.url);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const wrongSameLength = `mgw_${'Z'.repeat(stored.length - 4)}`;
      const kinds: Record<string, string | null> = {
        absent: null,
        'wrong length': 'Bearer x',
        'right length, wrong value': `Bearer ${wrongSameLength}`,
        'right prefix, wrong rest': `Bearer ${stored.slice(0, 12)}${'Q'.repeat(stored.length - 12)}`,
      };
      const names = Object.keys(kinds);
      const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
      try {
        // Warm-up: JIT, the connection, the store's statements.
        for (let i = 0; i < 50; i += 1)
          await timedGet(agent, url, kinds[names[i % names.length]!]!);
        const deadline = Date.now() + (LONG ? 300_000 : 15_000);
        for (let round = 0; round < SCALE.timingTrials && Date.now() < deadline; round += 1) {
          const order = [...names].sort(() => Math.random() - 0.5);
          for (const name of order) {
            const { ms, status } = await timedGet(agent, url, kinds[name]!);
            expect(status).toBe(401);
            times[name]!.push(ms);
          }
        }
      } finally {
        agent.destroy();
      }
      const medians = Object.fromEntries(names.map((n) => [n, median(times[n]!)]));
      const spread = Math.max(...Object.values(medians)) - Math.min(...Object.values(medians));
      expect(times[names[0]!]!.length).toBeGreaterThan(50);
      expect(spread, `medians (ms): ${JSON.stringify(medians)}`).toBeLessThan(BOUND_MS);
    },
    LONG ? 400_000 : 30_000,
  );
});
