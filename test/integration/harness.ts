import {
  startGateway,
  type GatewayOptions,
  type RunningGateway,
} from '../../electron/gateway/server/gateway-server.ts';
import { singleTokenAuthenticator } from '../../electron/gateway/server/local-auth.ts';
import type { RequestRecord } from '../../electron/gateway/server/request-record.ts';
import { UpstreamClient } from '../../electron/gateway/upstream/upstream-client.ts';
import { resolve } from 'node:path';
import { openStore, type Store } from '../../electron/store/index.ts';
import {
  SIM_KEYS,
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../upstream-sim/index.ts';

/**
 * Every integration run logs to one real SQLite store, so `model-gateway logs --data-dir
 * test-results/integration-data` shows afterwards what the tests did.
 */
const INTEGRATION_DATA_DIR = resolve(import.meta.dirname, '../../test-results/integration-data');

const LOCAL_TOKEN = 'mgw_test_local_token';

export interface Harness {
  sim: RunningSimulator;
  gateway: RunningGateway;
  /** Base URL of the gateway, e.g. http://127.0.0.1:1234 */
  url: string;
  token: string;
  records: RequestRecord[];
  store: Store;
  close(): Promise<void>;
}

export interface HarnessOptions {
  simulator?: SimulatorOptions;
  upstreamKey?: string;
  /** Defaults to INTEGRATION_DATA_DIR. */
  dataDir?: string;
  gateway?: Partial<Omit<GatewayOptions, 'upstream' | 'auth'>>;
}

/** A real simulator and a real gateway in front of it, over loopback HTTP. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sim = await startSimulator(options.simulator);
  const records: RequestRecord[] = [];
  const store = openStore(options.dataDir ?? INTEGRATION_DATA_DIR);
  const upstreamKey = options.upstreamKey ?? SIM_KEYS.full;
  const gateway = await startGateway({
    upstream: new UpstreamClient({ baseUrl: sim.url, apiKey: () => upstreamKey }),
    auth: singleTokenAuthenticator(LOCAL_TOKEN, 'test-client'),
    port: 0,
    retry: { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 2000 },
    state: store.opaqueState,
    responses: store.responses,
    onRecord: (record) => {
      records.push(record);
      store.logWriter.enqueue(record);
    },
    ...options.gateway,
  });
  return {
    sim,
    gateway,
    url: gateway.url,
    token: LOCAL_TOKEN,
    records,
    store,
    async close() {
      await gateway.close(1000);
      await sim.close();
      store.close();
    },
  };
}

/** Waits until the gateway has reported the record of a request (records come after the response ends). */
export async function recordFor(
  harness: Harness,
  requestId: string,
  timeoutMs = 2000,
): Promise<RequestRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = harness.records.find((r) => r.requestId === requestId);
    if (record) return record;
    if (Date.now() > deadline) throw new Error(`no record for ${requestId}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
