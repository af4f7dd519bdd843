import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the app keeps its data when no `--data-dir` is given: the folder Electron uses as
 * `userData` for an app named model-gateway, so the desktop app and headless runs share it.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'model-gateway');
  if (platform === 'darwin')
    return join(homedir(), 'Library', 'Application Support', 'model-gateway');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'model-gateway');
}
