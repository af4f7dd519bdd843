import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { TokenInfo, UpstreamProfile } from '../../../shared/contract.ts';
import type { AppServices } from '../../services/app-services-api.ts';
import { memorySecretStore } from '../../services/memory-secret-store.ts';
import { runHeadlessApp } from '../headless-app.ts';
import { portOf } from '../usage-error.ts';

const PROFILE_NAME = 'Simulator';

/**
 * `model-gateway demo`: the app headless with the simulator as its upstream, to try everything
 * without a key. The simulator's key comes through the environment path, and the keychain is
 * process memory: the demo never writes into the user's real keychain.
 */
export async function demoCommand(args: string[], log: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' } },
  });
  const { startSimulator, SIM_KEYS } = await import('../../../test/upstream-sim/index.ts');
  const simulator = await startSimulator({ chunkDelayMs: 30 });
  // A demo keeps its data apart from the real app's unless told otherwise.
  const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'model-gateway-demo-'));
  const env: NodeJS.ProcessEnv = { ...process.env, MODEL_GATEWAY_UPSTREAM_KEY: SIM_KEYS.full };

  async function setup(services: AppServices): Promise<void> {
    const profiles = (await services.handle('profiles.list', undefined)) as UpstreamProfile[];
    const existing = profiles.find((p) => p.name === PROFILE_NAME);
    const profile = (await services.handle('profiles.save', {
      ...(existing ? { id: existing.id } : {}),
      name: PROFILE_NAME,
      baseUrl: simulator.url,
      pricingUrl: null,
    })) as UpstreamProfile;
    await services.handle('profiles.activate', { id: profile.id });

    const url = services.status().gateway.url;
    const tokens = (await services.handle('tokens.list', undefined)) as TokenInfo[];
    let token = env.MODEL_GATEWAY_TOKEN ?? '(your token)';
    if (!env.MODEL_GATEWAY_TOKEN && !tokens.some((t) => t.revokedAt === null)) {
      const created = (await services.handle('tokens.create', { name: 'default' })) as {
        token: string;
      };
      token = created.token;
    }
    log(`Demo: simulator upstream at ${simulator.url}`);
    log(`Local access token: ${token}`);
    log(
      `Try: curl ${url}/v1/chat/completions -H "Authorization: Bearer ${token}" -H "Content-Type: application/json" -d '{"model":"sim-chat","messages":[{"role":"user","content":"Hello"}]}'`,
    );
  }

  try {
    await runHeadlessApp({
      dataDir,
      port: portOf(values.port, 8787),
      env,
      keychain: memorySecretStore(),
      log,
      setup,
      onClosed: () => simulator.close(),
    });
  } catch (error) {
    await simulator.close();
    throw error;
  }
}
