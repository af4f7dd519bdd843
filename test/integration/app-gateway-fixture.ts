import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningGateway } from '../../electron/gateway/server/gateway-server.ts';
import { UpstreamClient } from '../../electron/gateway/upstream/upstream-client.ts';
import { startAppListener } from '../../electron/services/start-app-gateway.ts';
import { openStore, type Store } from '../../electron/store/index.ts';
import { SIM_KEYS, type RunningSimulator } from '../upstream-sim/index.ts';

/** The app's own gateway, as `serve` runs it: on a store of its own, before the simulator. */
export interface AppGatewayFixture {
  dataDir: string;
  /** Its tokens, routes and limits are the gateway's: what a test sets there, it applies. */
  store: Store;
  gateway: RunningGateway;
  close(): Promise<void>;
}

export async function startAppGatewayFixture(sim: RunningSimulator): Promise<AppGatewayFixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mg-app-gateway-'));
  const store = openStore(dataDir);
  const gateway = await startAppListener({
    store,
    host: '127.0.0.1',
    port: 0,
    upstream: new UpstreamClient({ baseUrl: sim.url, apiKey: () => SIM_KEYS.full }),
    log: () => {},
  });
  return {
    dataDir,
    store,
    gateway,
    async close() {
      await gateway.close(1000);
      store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
