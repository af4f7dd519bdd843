import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideLaunch, headlessNotice } from './decide-launch.ts';
import { findElectronBinary } from './electron-binary.ts';

// `npm start`'s launcher as a real process. Where no Electron binary or no display exists (this
// machine: neither) it says why on stderr and runs `model-gateway app`, which prints the URL.

const ROOT = resolve(import.meta.dirname, '../..');
const START = join(ROOT, 'electron/launcher/start.ts');
const APP_COMMAND = join(ROOT, 'electron/cli/commands/app.ts');
const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));

/** The environment the launcher gets: no display, so it never opens a window from a test. */
function launcherEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MODEL_GATEWAY_UPSTREAM_KEY: '' };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  // macOS and Windows have a display regardless: ask for headless there.
  if (process.platform === 'darwin' || process.platform === 'win32') {
    env.MODEL_GATEWAY_HEADLESS = '1';
  }
  return env;
}

/** What the launcher will decide with that environment, by the same function it uses. */
function expectedDecision(env: NodeJS.ProcessEnv) {
  return decideLaunch({
    binary: findElectronBinary({
      electronDir,
      env,
      platform: process.platform,
      exists: existsSync,
      readText: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : null),
    }),
    platform: process.platform,
    env,
    root: process.getuid?.() === 0,
  });
}

describe('npm start launcher', () => {
  it('finds no Electron binary here without downloading one', () => {
    const env = launcherEnv();
    const decision = expectedDecision(env);
    expect(decision.mode).toBe('headless');
    // Looking must not fetch: electron's install writes path.txt and dist/ when it downloads.
    if (decision.mode === 'headless' && decision.reason.startsWith('Electron binary')) {
      expect(existsSync(join(electronDir, 'path.txt'))).toBe(false);
      expect(existsSync(join(electronDir, 'dist'))).toBe(false);
    }
  });

  const noAppCommand = !existsSync(APP_COMMAND);
  it.skipIf(noAppCommand)(
    noAppCommand
      ? 'prints why and starts the app headless — skipped: `model-gateway app` (electron/cli/commands/app.ts) does not exist yet'
      : 'prints why and starts the app headless',
    async () => {
      const env = launcherEnv();
      const decision = expectedDecision(env);
      if (decision.mode !== 'headless') throw new Error('the test environment should be headless');
      const dataDir = mkdtempSync(join(tmpdir(), 'mg-start-'));
      const child = spawn(process.execPath, [START, '--port', '0', '--data-dir', dataDir], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      const exited = once(child, 'exit');
      try {
        // A fresh clone builds first (electron-vite build), hence the long wait.
        const deadline = Date.now() + 150_000;
        while (!/^Gateway listening on http:\/\/127\.0\.0\.1:\d+$/m.test(out)) {
          if (Date.now() > deadline || child.exitCode !== null) {
            throw new Error(`no listening line.\nstdout: ${out}\nstderr: ${err}`);
          }
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(err).toContain(headlessNotice(decision.reason));
        expect(out).not.toContain('npm start:');
        // The headless app runs the CLI's bundle (out/main/cli.js): it must find the built UI.
        const url = /^Gateway listening on (\S+)$/m.exec(out)?.[1];
        const page = await fetch(`${url}/`).then((r) => r.text());
        expect(page).toContain('<title>Model Gateway</title>');
      } finally {
        // SIGTERM to the launcher reaches the app, which closes and exits 0; so does the launcher.
        child.kill('SIGTERM');
      }
      const [code] = await exited;
      expect(code).toBe(0);
    },
    180_000,
  );
});
