import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../data-dir.ts';
import { runHeadlessApp } from '../headless-app.ts';
import { withAllowedHosts } from '../allowed-hosts.ts';
import { portOf } from '../usage-error.ts';

/**
 * `model-gateway app`: the app headless, in a browser. The gateway starts whether or not an
 * upstream is configured; the first-run flow in the UI sets one up. `--home DIR`: whose tool
 * config files the Tools page edits (default the user's home).
 */
export async function appCommand(args: string[], log: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true, default: [] },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      home: { type: 'string' },
    },
  });
  await runHeadlessApp({
    dataDir: values['data-dir'] ?? defaultDataDir(),
    ...(values.home ? { home: resolve(values.home) } : {}),
    ...(values.host ? { host: values.host } : {}),
    ...(values.port !== undefined ? { port: portOf(values.port, 8787) } : {}),
    env: withAllowedHosts(process.env, values['allowed-host']),
    log,
  });
}
