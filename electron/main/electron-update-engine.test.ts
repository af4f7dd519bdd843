import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createElectronUpdateEngine } from './electron-update-engine.ts';

/** electron-updater's AppUpdater as far as the engine uses it: settings, events, three calls. */
class FakeUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  allowDowngrade = true;
  logger: unknown = console;
  result: { isUpdateAvailable: boolean; updateInfo: unknown } | null = null;
  installs: [boolean | undefined, boolean | undefined][] = [];
  checkForUpdates = () => Promise.resolve(this.result);
  downloadUpdate = () => {
    this.emit('download-progress', { percent: 42.5 });
    return Promise.resolve(['/cache/pending/app.AppImage']);
  };
  quitAndInstall = (isSilent?: boolean, isForceRunAfter?: boolean) => {
    this.installs.push([isSilent, isForceRunAfter]);
  };
}

const engineOf = (fake: FakeUpdater) =>
  createElectronUpdateEngine(
    fake as unknown as Parameters<typeof createElectronUpdateEngine>[0],
    () => undefined,
  );

describe('electron-updater as the engine', () => {
  it('downloads only when asked, never installs on quit, never downgrades', () => {
    const fake = new FakeUpdater();
    engineOf(fake);
    expect(fake).toMatchObject({
      autoDownload: false,
      autoInstallOnAppQuit: false,
      allowDowngrade: false,
    });
    // An 'error' event with no listener would throw in the main process.
    expect(() => fake.emit('error', new Error('offline'))).not.toThrow();
  });

  it('hands on the release it would install, and nothing when it would not', async () => {
    const fake = new FakeUpdater();
    const engine = engineOf(fake);
    expect(await engine.check()).toBeNull();
    fake.result = { isUpdateAvailable: false, updateInfo: { version: '1.2.0' } };
    expect(await engine.check()).toBeNull();
    fake.result = { isUpdateAvailable: true, updateInfo: { version: '1.3.0' } };
    expect(await engine.check()).toEqual({ version: '1.3.0' });
  });

  it('reports download progress, and installs with the new version started after', async () => {
    const fake = new FakeUpdater();
    const engine = engineOf(fake);
    const seen: number[] = [];
    expect(await engine.download((percent) => seen.push(percent))).toEqual([
      '/cache/pending/app.AppImage',
    ]);
    expect(seen).toEqual([42.5]);
    engine.install();
    expect(fake.installs).toEqual([[false, true]]);
  });
});
