import { mkdirSync } from 'node:fs';
import { startGateway, type RunningGateway } from '../gateway/server/gateway-server.ts';
import { singleTokenAuthenticator } from '../gateway/server/local-auth.ts';
import { UpstreamClient } from '../gateway/upstream/upstream-client.ts';
import { generateLocalToken } from './local-token.ts';

export interface ServeSettings {
  host: string;
  port: number;
  upstreamUrl: string;
  upstreamKey: string;
  token?: string;
  dataDir?: string;
  log: (line: string) => void;
}

export interface Served {
  gateway: RunningGateway;
  token: string;
  tokenWasGenerated: boolean;
}

/** Starts the headless gateway from resolved settings (the CLI's and the demo's shared path). */
export async function serveGateway(settings: ServeSettings): Promise<Served> {
  if (settings.dataDir) mkdirSync(settings.dataDir, { recursive: true });
  const token = settings.token || generateLocalToken();
  const upstream = new UpstreamClient({
    baseUrl: settings.upstreamUrl,
    apiKey: () => settings.upstreamKey,
  });
  const extraHosts = ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(settings.host)
    ? []
    : [settings.host];
  const gateway = await startGateway({
    upstream,
    auth: singleTokenAuthenticator(token, 'cli'),
    host: settings.host,
    port: settings.port,
    allowedHosts: extraHosts,
    log: settings.log,
  });
  return { gateway, token, tokenWasGenerated: !settings.token };
}

/** SIGINT/SIGTERM: stop accepting, let streams in flight finish within the grace period, exit 0. */
export function closeOnSignals(close: () => Promise<void>, log: (line: string) => void): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log(`${signal}: finishing requests in flight, then exiting.`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
