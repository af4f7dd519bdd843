import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The built main bundle (out/main/index.js, what Electron would run) under plain Node, with its
// `electron` import answered by a fake (fake-electron-hooks.ts): the real services start on a
// temporary data dir, and the fake plays the window's page. No Electron binary is needed.

const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLE = join(ROOT, 'out/main/index.js');
const HOOKS = join(ROOT, 'test/doubles/electron/fake-electron-hooks.ts');

describe('built main bundle', () => {
  it.skipIf(!existsSync(BUNDLE))(
    'starts the services, opens a secure window, answers its page, quits gracefully (skipped when out/ is not built: npm run build)',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'mg-bundle-'));
      const child = spawn(
        process.execPath,
        ['--import', HOOKS, BUNDLE, '--data-dir', dataDir, '--port', '0'],
        { cwd: ROOT, env: { ...process.env, MODEL_GATEWAY_UPSTREAM_KEY: '' }, stdio: 'pipe' },
      );
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      const exited = once(child, 'exit');
      const records = (): Record<string, unknown>[] =>
        out
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      try {
        const deadline = Date.now() + 30_000;
        while (!records().some((r) => 'refused' in r || 'error' in r)) {
          if (Date.now() > deadline || child.exitCode !== null) {
            throw new Error(`no report.\nstdout: ${out}\nstderr: ${err}`);
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        child.kill('SIGTERM');
      }
      const [code] = await exited;
      const [opened, answered, refusal, exit] = records();

      const window = opened as {
        window: { webPreferences: Record<string, unknown> };
        loaded: { file: string };
      };
      expect(window.window.webPreferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
      });
      expect(existsSync(String(window.window.webPreferences.preload))).toBe(true);
      expect(window.loaded.file).toBe(join(ROOT, 'out/renderer/index.html'));

      const { status, logs, updates } = answered as {
        status: { shell: string; gateway: { url: string } };
        logs: unknown;
        updates: unknown;
      };
      // electron-updater loads with the bundle; an app that is not packaged never uses it.
      expect(updates).toEqual({ state: 'unavailable', reason: 'not_packaged' });
      expect(status.shell).toBe('desktop');
      expect(status.gateway.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // Answered by the store reader's worker (out/main/store-read-worker.js).
      expect(logs).toEqual({
        rows: [],
        next: null,
        total: { count: 0, atLeast: false },
        searchedTo: null,
      });

      expect(refusal).toMatchObject({
        refused: expect.stringContaining('"code":"forbidden"') as unknown,
        tray: expect.arrayContaining([
          `Gateway running on ${status.gateway.url}`,
          'Quit',
        ]) as unknown,
      });
      expect(exit).toEqual({ exit: 0 });
      expect(code).toBe(0);
      expect(err).toContain('quitting: finishing requests in flight');
    },
    60_000,
  );
});
