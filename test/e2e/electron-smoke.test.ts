import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { _electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { missingDisplay } from '../../electron/launcher/display.ts';
import { findElectronBinary } from '../../electron/launcher/electron-binary.ts';

// The desktop app in a real Electron: window, title, and what the page can reach. Needs an
// Electron binary, a display and a build (`npm run build`); skips, saying which is missing,
// elsewhere. The binary is found the way the launcher finds it and handed to Playwright as
// executablePath: left to itself Playwright would require('electron'), which downloads it.

const ROOT = resolve(import.meta.dirname, '../..');
const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const binary = findElectronBinary({
  electronDir,
  env: process.env,
  platform: process.platform,
  exists: existsSync,
  readText: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : null),
});

function whyNot(): string | null {
  if (!binary.found) return `no Electron binary (${binary.detail})`;
  const display = missingDisplay(process.platform, process.env);
  if (display) return display;
  if (!existsSync(join(ROOT, 'out/main/index.js'))) return 'not built (run npm run build)';
  return null;
}
const skipReason = whyNot();

describe('Electron app', () => {
  it.skipIf(skipReason !== null)(
    skipReason === null
      ? 'opens its window with the bridge and without Node'
      : `opens its window with the bridge and without Node — skipped: ${skipReason}`,
    async () => {
      if (!binary.found) throw new Error('unreachable: skipped without a binary');
      const dataDir = mkdtempSync(join(tmpdir(), 'mg-electron-'));
      const app = await _electron.launch({
        executablePath: binary.path,
        args: [ROOT, '--data-dir', dataDir, '--port', '0'],
        cwd: ROOT,
        env: { ...process.env, MODEL_GATEWAY_UPSTREAM_KEY: '' },
        timeout: 60_000,
      });
      try {
        const page = await app.firstWindow();
        await page.waitForLoadState('domcontentloaded');
        expect(await page.title()).toMatch(/Model Gateway/);
        const reach = await page.evaluate(() => {
          const bridge = Reflect.get(window, 'appBridge') as Record<string, unknown> | undefined;
          return {
            bridge: bridge ? Object.keys(bridge).sort() : null,
            require: typeof Reflect.get(window, 'require'),
            process: typeof Reflect.get(window, 'process'),
            module: typeof Reflect.get(window, 'module'),
          };
        });
        expect(reach).toEqual({
          bridge: ['invoke', 'subscribe'],
          require: 'undefined',
          process: 'undefined',
          module: 'undefined',
        });
        // One call over the real IPC: the services answer the page.
        const shell = await page.evaluate(async () => {
          const bridge = Reflect.get(window, 'appBridge') as {
            invoke(method: string, params: unknown): Promise<{ shell: string }>;
          };
          return (await bridge.invoke('app.status', undefined)).shell;
        });
        expect(shell).toBe('desktop');
        // The updater is wired, and stays out of a build run from the sources (not packaged):
        // nothing is asked of the release feed.
        const updates = await page.evaluate(async () => {
          const bridge = Reflect.get(window, 'appBridge') as {
            invoke(method: string, params: unknown): Promise<unknown>;
          };
          return bridge.invoke('updates.status', undefined);
        });
        expect(updates).toEqual({ state: 'unavailable', reason: 'not_packaged' });
      } finally {
        await app.close();
      }
    },
    120_000,
  );
});
