import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openAppStore, startAppGateway } from '../../services/start-app-gateway.ts';
import { closeOnSignals } from '../signals.ts';
import { portOf } from '../usage-error.ts';

/** `model-gateway demo`: the simulator as upstream and a gateway in front of it, to try without a key. */
export async function demoCommand(args: string[], log: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' } },
  });
  const { startSimulator, SIM_KEYS } = await import('../../../test/upstream-sim/index.ts');
  const simulator = await startSimulator({ chunkDelayMs: 30 });
  // A demo keeps its data apart from the real app's unless told otherwise.
  const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'model-gateway-demo-'));
  const app = await startAppGateway({
    store: openAppStore(dataDir, log),
    host: '127.0.0.1',
    port: portOf(values.port, 8787),
    upstream: {
      baseUrl: simulator.url,
      pricingUrl: '/api/pricing',
      key: async () => SIM_KEYS.full,
    },
    ...(process.env.MODEL_GATEWAY_TOKEN ? { envToken: process.env.MODEL_GATEWAY_TOKEN } : {}),
    log,
  });
  const url = app.gateway.url;
  const token = app.createdToken ?? process.env.MODEL_GATEWAY_TOKEN ?? '(your token)';
  log(`Demo: simulator upstream at ${simulator.url}; data in ${dataDir}`);
  log(`Local access token: ${token}`);
  log(
    `Try: curl ${url}/v1/chat/completions -H "Authorization: Bearer ${token}" -H "Content-Type: application/json" -d '{"model":"sim-chat","messages":[{"role":"user","content":"Hello"}]}'`,
  );
  process.stdout.write(`Gateway listening on ${url}\n`);
  closeOnSignals(async () => {
    await app.close();
    await simulator.close();
  }, log);
}
