import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS, startSimulator, type RunningSimulator } from '../upstream-sim/index.ts';
import { PROCESS_TOKEN, startGatewayProcess } from './gateway-process.ts';
import { httpRequest } from './raw-http.ts';

/**
 * Where a real `serve` listens, read from the kernel's socket table (no traffic to other
 * interfaces): loopback unless `--host` says otherwise, whatever the environment suggests; and
 * even when told to listen on every interface it answers loopback Host names only.
 */
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

/** Addresses listening on `port`, as the kernel reports them (IPv4 dotted, IPv6 `::`-style). */
function listeningAddresses(port: number): string[] {
  const out: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue;
      const [hexAddress, hexPort] = local.split(':');
      if (Number.parseInt(hexPort ?? '', 16) !== port) continue;
      if (hexAddress!.length === 8) {
        // Little-endian IPv4.
        out.push(
          [6, 4, 2, 0].map((i) => Number.parseInt(hexAddress!.slice(i, i + 2), 16)).join('.'),
        );
      } else {
        out.push(
          /^0+$/.test(hexAddress!)
            ? '::'
            : hexAddress === '00000000000000000000000001000000'
              ? '::1'
              : hexAddress!,
        );
      }
    }
  }
  return out;
}

const canReadSockets = existsSync('/proc/net/tcp');

describe.skipIf(!canReadSockets)('the listening address of `serve`', () => {
  it('is 127.0.0.1 by default, even when the environment names another host', async () => {
    const gw = await startGatewayProcess({
      upstreamUrl: sim.url,
      upstreamKey: SIM_KEYS.full,
      env: { HOST: '0.0.0.0', MODEL_GATEWAY_HOST: '0.0.0.0', BIND: '0.0.0.0' },
    });
    try {
      const url = new URL(gw.url);
      expect(url.hostname).toBe('127.0.0.1');
      expect(listeningAddresses(Number(url.port))).toEqual(['127.0.0.1']);
    } finally {
      await gw.stop();
    }
  });

  it('listens on every interface only with an explicit --host, and still answers loopback names only', async () => {
    const gw = await startGatewayProcess({
      upstreamUrl: sim.url,
      upstreamKey: SIM_KEYS.full,
      args: ['--host', '0.0.0.0'],
    });
    try {
      const port = Number(new URL(gw.url).port);
      expect(listeningAddresses(port)).toEqual(['0.0.0.0']);
      const local = `http://127.0.0.1:${port}`;
      const auth = { authorization: `Bearer ${PROCESS_TOKEN}` };
      expect((await httpRequest(local, { path: '/v1/models', headers: auth })).status).toBe(200);
      const lan = await httpRequest(local, {
        path: '/v1/models',
        headers: { ...auth, host: `192.168.1.20:${port}` },
      });
      expect(lan.status).toBe(403);
    } finally {
      await gw.stop();
    }
  });
});
