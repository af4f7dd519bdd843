import type { AppSettings, GatewayStatus, SettingsTarget } from '../../shared/contract.ts';
import type { AppServices, AppServicesOptions } from '../services/app-services-api.ts';
import type { UpdateEngine } from '../updates/update-engine.ts';
import { createAppTray, type AppTray } from './app-tray.ts';
import type { ElectronLike, NativeImageLike, WindowLike } from './electron-like.ts';
import { EVENT_CHANNEL } from '../preload/ipc-channels.ts';
import { forwardEvents } from './event-forwarding.ts';
import { installGracefulShutdown, type ShutdownSignal } from './graceful-shutdown.ts';
import { hardenWebContents } from './harden-web-contents.ts';
import { APP_NAME, createMainWindow, focusWindow } from './main-window.ts';
import { appMenuTemplate } from './app-menu.ts';
import { createPortInUseNotice } from './port-in-use-notice.ts';
import { bindRpc } from './rpc-binding.ts';
import { isAppResource, isAppUrl, rendererLocation } from './renderer-location.ts';
import { secureSession } from './session-security.ts';
import { feedTray, type TrayFeed } from './tray-feed.ts';
import type { TrayFormat } from './tray-menu.ts';
import { formatCost } from '../../shared/format-cost.ts';
import { createMainI18n, type MainI18n } from './main-i18n.ts';

/** The tray's amounts and times of day as the window shows them: in the language of its words. */
const trayFormat = (i18n: MainI18n): TrayFormat => ({
  cost: (usd) => formatCost(usd, i18n.language()),
  time: (epochMs) => new Date(epochMs).toLocaleTimeString(i18n.language()),
});

/** The language setting; the system's when it cannot be read (the tray still has to speak). */
async function languageChoice(
  services: AppServices,
  log: (line: string) => void,
): Promise<AppSettings['language']> {
  try {
    // The services answer each method with its Result type.
    const settings = (await services.handle('settings.get', undefined)) as AppSettings;
    return settings.language;
  } catch (error) {
    log(`could not read the language setting: ${String(error)}`);
    return 'system';
  }
}

export interface DesktopAppOptions<Image extends NativeImageLike> {
  electron: ElectronLike<Image>;
  createServices: (options: AppServicesOptions) => AppServices | Promise<AppServices>;
  /** ELECTRON_RENDERER_URL, set by `electron-vite dev`. */
  devUrl: string | undefined;
  /** The built renderer's index.html. */
  indexHtml: string;
  /** The built preload script (CommonJS: a sandboxed preload cannot be an ES module). */
  preloadPath: string;
  log: (line: string) => void;
  onSignal: (signal: ShutdownSignal, handler: () => void) => void;
  /** --data-dir (an existing absolute path) in place of userData. */
  dataDir?: string;
  /** --port: the gateway's port for this run. */
  port?: number;
  /**
   * The app's updater (electron-updater), made only in a packaged app: a build run from the
   * sources (`npm start`, `electron .`) has no release to update from.
   */
  updater?: () => UpdateEngine;
  /** The OS the menu is laid out for; the one running by default. */
  platform?: NodeJS.Platform;
  /** How long streams in flight may take to finish on quit. */
  graceMs?: number;
  /** When to give up waiting for the services to close. */
  forceAfterMs?: number;
}

export interface DesktopApp {
  /** Settles when the window, tray and event forwarding are up (or startup failed). */
  ready: Promise<void>;
  window(): WindowLike | null;
}

/**
 * The Electron shell: one instance, one window, a tray, the IPC binding, graceful quit. The app's
 * work is all in the services (`createAppServices`, the same code headless mode runs); this only
 * wires them to Electron. Closing the window leaves the app, and so the gateway, running in the
 * tray; Quit (tray, menu, Cmd+Q, SIGINT/SIGTERM) ends it.
 */
export function runDesktopApp<Image extends NativeImageLike>(
  options: DesktopAppOptions<Image>,
): DesktopApp | null {
  const { electron, log } = options;
  const { app } = electron;

  // Before the lock: the single-instance lock is kept per userData folder, so a run on its own
  // data (a test, a second profile) is a separate instance.
  if (options.dataDir) app.setPath('userData', options.dataDir);

  // A second launch hands over to the first (which focuses its window) and quits at once.
  if (!app.requestSingleInstanceLock()) {
    log('Model Gateway is already running: focusing its window.');
    app.quit();
    return null;
  }

  const location = rendererLocation({
    devUrl: options.devUrl,
    isPackaged: app.isPackaged,
    indexHtml: options.indexHtml,
  });
  const isOwnUrl = (url: string): boolean => isAppUrl(location, url);

  // The services (store, keychain, gateway) start before the window exists: a call from the page
  // waits for them rather than failing.
  const services: Promise<AppServices> = Promise.resolve().then(() =>
    options.createServices({
      shell: 'desktop',
      dataDir: app.getPath('userData'),
      log,
      version: app.getVersion(),
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(app.isPackaged && options.updater ? { updates: options.updater() } : {}),
    }),
  );
  // A failure is reported once the app is ready (below); until then it must not count as an
  // unhandled rejection, which would end the main process before it can say why.
  services.catch(() => undefined);

  installGracefulShutdown({
    app,
    services: () => services.catch(() => null),
    graceMs: options.graceMs ?? 5000,
    forceAfterMs: options.forceAfterMs ?? 8000,
    onSignal: options.onSignal,
    log,
  });

  // Every webContents the app ever creates gets the navigation and new-window rules.
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, { isAppUrl: isOwnUrl, shell: electron.shell, log }),
  );

  let window: WindowLike | null = null;
  let ready = false;
  const openWindow = (settings?: SettingsTarget): void => {
    if (!ready) return; // whenReady opens it
    if (window && !window.isDestroyed()) {
      focusWindow(window);
      if (settings)
        window.webContents.send(EVENT_CHANNEL, 'window.openSettings', { target: settings });
      return;
    }
    const created = createMainWindow(electron, {
      preloadPath: options.preloadPath,
      location,
      log,
      ...(settings ? { settings } : {}),
    });
    created.on('closed', () => {
      if (window === created) window = null;
    });
    window = created;
  };
  const openSettingsAt = (target: SettingsTarget): void => openWindow(target);

  app.on('second-instance', () => openWindow());
  // macOS: clicking the dock icon with no window open.
  app.on('activate', () => openWindow());
  // Subscribing at all keeps Electron from quitting when the last window closes: the gateway
  // keeps serving local tools, and the tray (or a second launch) brings the window back.
  app.on('window-all-closed', () => undefined);

  // The tray's, notices' and dialogs' words; made once the app is ready, when Electron knows the
  // system's languages.
  let words: MainI18n | null = null;
  const systemLanguages = (): string[] => app.getPreferredSystemLanguages();

  const started = app.whenReady().then(async () => {
    const i18n = createMainI18n(systemLanguages);
    words = i18n;
    secureSession(electron.session.defaultSession, {
      isAppUrl: isOwnUrl,
      isAppResource: (url) => isAppResource(location, url),
      log,
    });
    bindRpc(electron.ipcMain, { services: () => services, isAppUrl: isOwnUrl, log });
    ready = true;
    openWindow();

    const running = await services;
    forwardEvents(running, () => window?.webContents ?? null);
    i18n.choose(await languageChoice(running, log));
    const setAppMenu = (): void =>
      electron.Menu.setApplicationMenu(
        electron.Menu.buildFromTemplate(
          appMenuTemplate(options.platform ?? process.platform, i18n.t, {
            appName: APP_NAME,
            packaged: app.isPackaged,
          }),
        ),
      );
    setAppMenu();
    const noticePortInUse = createPortInUseNotice(electron, log, i18n.t);
    const initial = running.status().gateway;
    let feed: TrayFeed | null = null;
    const tray: AppTray = createAppTray(
      electron,
      { gateway: initial, upstream: null, rechecking: false, todayCostUsd: null },
      {
        open: () => openWindow(),
        openSettingsAt,
        recheck: () => feed?.recheck(),
        copyUrl: (url) => {
          Promise.resolve(electron.clipboard.writeText(url)).catch((error: unknown) =>
            log(`could not copy the URL: ${String(error)}`),
          );
        },
        quit: () => app.quit(),
      },
      trayFormat(i18n),
      i18n.t,
    );
    feed = feedTray(running, tray, { log });
    noticePortInUse(initial);
    running.subscribe((name, payload) => {
      // The services send this event's payload as AppEvents['gateway.status'].
      if (name === 'gateway.status') noticePortInUse(payload as GatewayStatus);
      // A language chosen in Settings: the tray and the menu say it all again in it, without a
      // restart.
      else if (name === 'settings.changed') {
        const before = i18n.language();
        if (i18n.choose((payload as AppSettings).language) !== before) {
          tray.update({});
          setAppMenu();
        }
      }
    });
  });

  const settled = started.catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    log(`Model Gateway could not start: ${message}`);
    const { t } = words ?? createMainI18n(systemLanguages);
    electron.dialog.showErrorBox(t('dialogs.startFailed.title'), message);
    app.exit(1);
  });

  return { ready: settled, window: () => window };
}
