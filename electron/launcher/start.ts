// `npm start`: the desktop app where Electron can run, else the same UI headless. Plain Node
// (never imports electron: from Node that would try to download the binary).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import {
  BUILD_OUTPUTS,
  BUILD_SOURCES,
  isBuildStale,
  mtimeOf,
  newestMtime,
} from './build-freshness.ts';
import { decideLaunch, headlessNotice } from './decide-launch.ts';
import { findElectronBinary } from './electron-binary.ts';
import { electronJsFlags, GATEWAY_V8_FLAGS } from './gateway-v8-flags.ts';
import { runChild } from './run-child.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/** A package's folder, found without loading it (electron's index.js would download). */
function packageDir(name: string): string | null {
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Builds when out/ is missing or older than its sources; resolves with the build's status. */
async function buildIfNeeded(): Promise<number> {
  const outputs = BUILD_OUTPUTS.map((path) => mtimeOf(join(ROOT, path)));
  const sources = newestMtime(BUILD_SOURCES.map((path) => join(ROOT, path)));
  if (!isBuildStale(outputs, sources)) return 0;
  const viteDir = packageDir('electron-vite');
  if (!viteDir) {
    log('npm start: electron-vite is not installed; run `npm ci` first.');
    return 1;
  }
  log('npm start: building the app (electron-vite build)…');
  // The build's output goes to stderr: stdout is kept for the app's one "listening" line.
  const status = await runChild(
    process.execPath,
    [join(viteDir, 'bin/electron-vite.js'), 'build'],
    {
      cwd: ROOT,
      env: process.env,
      stdio: ['ignore', 2, 2],
    },
  );
  if (status !== 0) log(`npm start: the build failed (exit status ${status}).`);
  return status;
}

async function start(args: string[]): Promise<number> {
  const built = await buildIfNeeded();
  if (built !== 0) return built;

  const decision = decideLaunch({
    binary: findElectronBinary({
      electronDir: packageDir('electron'),
      env: process.env,
      platform: process.platform,
      exists: existsSync,
      readText,
    }),
    platform: process.platform,
    env: process.env,
    root: process.getuid?.() === 0,
  });

  if (decision.mode === 'electron') {
    // Electron on the project folder runs package.json's `main`, out/main/index.js.
    const env = { ...process.env };
    delete env.ELECTRON_RUN_AS_NODE; // would make the binary a plain Node
    return runChild(decision.binary, [electronJsFlags(), ROOT, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }

  log(headlessNotice(decision.reason));
  // The CLI's bundle, built above: plain JS needs no type stripping at run time (less memory).
  const cli = join(ROOT, 'out/main/cli.js');
  return runChild(process.execPath, [...GATEWAY_V8_FLAGS, cli, 'app', ...args], {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

process.exitCode = await start(process.argv.slice(2)).catch((error: unknown) => {
  log(`npm start: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
