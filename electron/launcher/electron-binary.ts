import { join } from 'node:path';

/**
 * Where the Electron binary is, found the way `node_modules/electron/index.js` finds it but
 * without its fallback: requiring `electron` from Node downloads the binary when it is missing,
 * and this must never do that. Electron 45's package ships no binary: `install.js` (run on first
 * `require('electron')` or by `npx install-electron`) downloads it into `dist/` and writes
 * `path.txt`, the executable's path inside `dist/`. `ELECTRON_OVERRIDE_DIST_PATH` names another
 * dist folder (a binary installed by other means).
 */
export type BinaryLookup = { found: true; path: string } | { found: false; detail: string };

export interface BinaryProbe {
  /** The folder of the `electron` package, or null when it is not installed. */
  electronDir: string | null;
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  exists(path: string): boolean;
  /** A file's text, or null when it cannot be read. */
  readText(path: string): string | null;
}

export function findElectronBinary(probe: BinaryProbe): BinaryLookup {
  const { electronDir, env } = probe;
  const recorded = electronDir ? probe.readText(join(electronDir, 'path.txt'))?.trim() : undefined;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const path = join(override, recorded || executableIn(probe.platform));
    return probe.exists(path)
      ? { found: true, path }
      : { found: false, detail: `ELECTRON_OVERRIDE_DIST_PATH has no ${path}` };
  }
  if (!electronDir) return { found: false, detail: 'the electron package is not installed' };
  if (!recorded) return { found: false, detail: 'node_modules/electron has no path.txt' };
  const path = join(electronDir, 'dist', recorded);
  return probe.exists(path)
    ? { found: true, path }
    : { found: false, detail: `${path} is missing` };
}

/** The executable's path inside a dist folder, as electron's install.js names it. */
function executableIn(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}
