import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SecretStore } from '../secrets/keychain.ts';
import { AppError, type AppServices } from '../services/app-services-api.ts';
import { createAppServices } from '../services/app-services.ts';
import { newUiToken } from '../services/ui-token.ts';
import { closeOnSignals } from './signals.ts';

/**
 * The project folder: the nearest one up with a package.json. This module runs from
 * electron/cli/ (sources) or from a bundle under out/main/ (what `npm start` runs headless).
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '../..');
  }
}

const REPO = projectRoot(import.meta.dirname);
/** Where `npm run build` puts the renderer. */
const RENDERER_DIR = join(REPO, 'out', 'renderer');

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export interface HeadlessAppOptions {
  dataDir: string;
  /** Whose tool config files the Tools page edits; default the user's home. */
  home?: string;
  host?: string;
  /** Overrides the saved port setting. */
  port?: number;
  env: NodeJS.ProcessEnv;
  keychain?: SecretStore;
  log: (line: string) => void;
  /** Runs once the app is up, before its address is printed (the demo adds its profile). */
  setup?: (services: AppServices) => Promise<void>;
  /** Runs after the app has closed on SIGINT/SIGTERM. */
  onClosed?: () => Promise<void>;
}

/**
 * The app without Electron: the gateway serves the built UI and its RPC on its own port, to a
 * browser that has the session token from the printed address. Prints exactly one stdout line,
 * `Gateway listening on URL`; the rest goes to stderr. The token is printed once, in the address.
 */
export async function runHeadlessApp(options: HeadlessAppOptions): Promise<AppServices> {
  const token = newUiToken();
  let services: AppServices;
  try {
    services = await createAppServices({
      dataDir: options.dataDir,
      ...(options.home ? { home: options.home } : {}),
      shell: 'headless',
      ...(options.host ? { host: options.host } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
      env: options.env,
      ...(options.keychain ? { keychain: options.keychain } : {}),
      log: options.log,
      ui: { dir: RENDERER_DIR, token },
      version: packageVersion(),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'port_in_use')
      throw new Error(
        `${error.message.replace(/ Pick another.*$/, '')} Pick another with --port (0 = any free port).`,
        { cause: error },
      );
    throw error;
  }
  try {
    await options.setup?.(services);
  } catch (error) {
    await services.close(0);
    throw error;
  }
  const status = services.status();
  const url = status.gateway.url ?? '';
  options.log(`Data: ${options.dataDir}`);
  if (options.home) options.log(`Tool config files under: ${options.home}`);
  if (status.gateway.error) options.log(`Not ready for tools yet: ${status.gateway.error}`);
  if (status.keychainProblem) options.log(`Keychain: ${status.keychainProblem}`);
  if (!existsSync(join(RENDERER_DIR, 'index.html')))
    options.log('The UI is not built: run `npm run build`, then open the address below.');
  options.log(`Open the app: ${url}/?token=${token}`);
  process.stdout.write(`Gateway listening on ${url}\n`);
  closeOnSignals(async () => {
    await services.close();
    await options.onClosed?.();
  }, options.log);
  return services;
}
