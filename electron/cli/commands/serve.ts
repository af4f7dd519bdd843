import { parseArgs } from 'node:util';
import { createKeychain } from '../../secrets/keychain.ts';
import { UpstreamKeyStore } from '../../secrets/upstream-key.ts';
import { resolveUpstream, UpstreamNotConfiguredError } from '../../services/resolve-upstream.ts';
import { openAppStore, startAppGateway } from '../../services/start-app-gateway.ts';
import { defaultDataDir } from '../data-dir.ts';
import { closeOnSignals } from '../signals.ts';
import { portOf, UsageError } from '../usage-error.ts';
import { withAllowedHosts } from '../allowed-hosts.ts';
import { allowedHostsFromEnv } from '../../gateway/server/gateway-server.ts';

/** `model-gateway serve`: the gateway headless, with the app's store in the data dir. */
export async function serveCommand(args: string[], log: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true, default: [] },
      port: { type: 'string' },
      upstream: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const port = portOf(values.port, 8787);
  const store = openAppStore(dataDir, log);
  let upstream;
  try {
    upstream = await resolveUpstream({
      flagUrl: values.upstream,
      env: process.env,
      store,
      keys: () => new UpstreamKeyStore(createKeychain()),
    });
  } catch (error) {
    store.close();
    if (error instanceof UpstreamNotConfiguredError) throw new UsageError(error.message);
    throw error;
  }
  const app = await startAppGateway({
    store,
    host: values.host ?? '127.0.0.1',
    port,
    allowedHosts: allowedHostsFromEnv(withAllowedHosts(process.env, values['allowed-host'])),
    upstream,
    ...(process.env.MODEL_GATEWAY_TOKEN ? { envToken: process.env.MODEL_GATEWAY_TOKEN } : {}),
    log,
  });
  log(`Data: ${dataDir}; upstream: ${upstream.baseUrl} (key from the ${upstream.keySource})`);
  if (app.createdToken) log(`Local access token (shown once): ${app.createdToken}`);
  process.stdout.write(`Gateway listening on ${app.gateway.url}\n`);
  closeOnSignals(() => app.close(), log);
}
