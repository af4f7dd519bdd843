import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliProcess, type CliSpawnOptions } from '../integration/cli-process.ts';

export interface RunningApp {
  /** The gateway's base URL. */
  url: string;
  /** The UI's URL with its session token, as the app printed it. */
  uiUrl: string;
  dataDir: string;
  process: CliProcess;
  stop(): Promise<void>;
}

/**
 * `model-gateway app`: the real app, headless, in a fresh data dir (`args`: more options;
 * `spawn`: Node flags and an IPC channel, for a probe loaded into it).
 */
export async function startApp(
  env: Record<string, string> = {},
  args: string[] = [],
  spawn: CliSpawnOptions = {},
): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mg-e2e-'));
  const p = runCli(
    ['app', '--port', '0', '--data-dir', dataDir, ...args],
    { MODEL_GATEWAY_UPSTREAM_KEY: '', ...env },
    '',
    spawn,
  );
  const [, url] = await p.line(/^Gateway listening on (\S+)\n/, 30_000);
  const uiUrl = /Open the app: (\S+)/.exec(p.stderr())?.[1];
  if (!uiUrl) throw new Error(`no UI URL in: ${p.stderr()}`);
  return {
    url: url!,
    uiUrl,
    dataDir,
    process: p,
    async stop() {
      if (p.child.exitCode === null) p.child.kill('SIGTERM');
      await p.exit();
    },
  };
}
