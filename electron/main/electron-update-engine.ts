import type { AppUpdater } from 'electron-updater';
import type { UpdateEngine } from '../updates/update-engine.ts';

type Updater = Pick<
  AppUpdater,
  | 'autoDownload'
  | 'autoInstallOnAppQuit'
  | 'allowDowngrade'
  | 'logger'
  | 'on'
  | 'checkForUpdates'
  | 'downloadUpdate'
  | 'quitAndInstall'
>;

/**
 * electron-updater as the update service's engine. It reads the GitHub releases the publish
 * configuration in electron-builder.yml names (baked into the app as app-update.yml), downloads
 * into its cache and checks the sha512 as it goes; the service decides and verifies again.
 * Nothing happens by itself: no download before the service asks, no install on quit (a
 * downloaded update waits for "Restart to update", and a later check finds it in the cache).
 */
export function createElectronUpdateEngine(
  updater: Updater,
  log: (line: string) => void,
): UpdateEngine {
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  const say = (message?: unknown) => log(`updater: ${String(message)}`);
  updater.logger = { info: say, warn: say, error: say };
  // Failures reach the service as rejected promises; an 'error' event nobody listens to would
  // throw in the main process instead.
  updater.on('error', () => undefined);
  let progress: ((percent: number) => void) | null = null;
  updater.on('download-progress', (info) => progress?.(info.percent));

  return {
    async check() {
      const result = await updater.checkForUpdates();
      // electron-updater's own rules (same version, minimum OS version, staged rollout) came
      // first: what it would not download is not offered.
      return result?.isUpdateAvailable ? result.updateInfo : null;
    },
    async download(onProgress) {
      progress = onProgress;
      try {
        return await updater.downloadUpdate();
      } finally {
        progress = null;
      }
    },
    install() {
      // Not silent (Windows shows its installer), and the new version starts afterwards.
      updater.quitAndInstall(false, true);
    },
  };
}
