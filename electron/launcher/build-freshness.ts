import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What `electron-vite build` writes and the launcher needs: the desktop app (main, preload,
 * renderer), and the CLI bundle that headless mode runs.
 */
export const BUILD_OUTPUTS = [
  'out/main/index.js',
  'out/main/cli.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
] as const;

/** What the bundles are built from. Tests are left out: they change often and are not bundled. */
export const BUILD_SOURCES = [
  'bin',
  'electron/cli',
  'electron/main',
  'electron/preload',
  'electron/services',
  'electron/gateway',
  'electron/store',
  'electron/secrets',
  'shared',
  'renderer',
  'test/upstream-sim',
  // The simulator's per-format parse and write (bundled into `model-gateway sim` and `demo`).
  'test/format-kits',
  'electron.vite.config.ts',
  'package.json',
] as const;

/** A build is needed when an output is missing or older than the newest source. */
export function isBuildStale(outputMtimes: (number | null)[], newestSourceMtime: number): boolean {
  return outputMtimes.some((mtime) => mtime === null || mtime < newestSourceMtime);
}

/** The modification time of a file, or null when it does not exist. */
export function mtimeOf(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** The newest modification time of the files under `paths` (0 when there are none). */
export function newestMtime(paths: readonly string[]): number {
  let newest = 0;
  const visit = (path: string): void => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return;
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && !entry.startsWith('.')) visit(join(path, entry));
      }
    } else if (!/\.test\.tsx?$/.test(path)) {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  for (const path of paths) visit(path);
  return newest;
}
