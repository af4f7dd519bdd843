import type { SettingsTarget } from '../../shared/contract.ts';
import type { ElectronLike, WindowLike, WindowOptions } from './electron-like.ts';
import type { RendererLocation } from './renderer-location.ts';

/** The app's name as the installers give it (electron-builder.yml `productName`). */
export const APP_NAME = 'Model Gateway';

/**
 * The window's options: an isolated, sandboxed renderer with no Node and no way to weaken web
 * security. Each flag is spelled out, even where it is
 * Electron's default, so a reader (and the tests) can see the whole policy in one place.
 */
function mainWindowOptions(preloadPath: string): WindowOptions {
  return {
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    title: APP_NAME,
    // Shown on ready-to-show: no blank frame while the page loads.
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    },
  };
}

/** The page's hash route to Settings at `target` (the renderer's settings-target.ts). */
const settingsRoute = (target: SettingsTarget): string => `/settings/${target}`;

export function createMainWindow(
  electron: Pick<ElectronLike, 'BrowserWindow'>,
  options: {
    preloadPath: string;
    location: RendererLocation;
    log: (line: string) => void;
    /** Open on Settings at this place rather than the first page. */
    settings?: SettingsTarget;
  },
): WindowLike {
  const window = new electron.BrowserWindow(mainWindowOptions(options.preloadPath));
  window.once('ready-to-show', () => window.show());
  const { location, settings } = options;
  const hash = settings ? settingsRoute(settings) : undefined;
  const loading =
    location.kind === 'url'
      ? window.loadURL(hash ? `${location.url}#${hash}` : location.url)
      : window.loadFile(location.path, hash ? { hash } : undefined);
  loading.catch((error: unknown) => options.log(`could not load the UI: ${String(error)}`));
  return window;
}

/** Brings the window to the front, restoring it when minimised. */
export function focusWindow(window: WindowLike): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
