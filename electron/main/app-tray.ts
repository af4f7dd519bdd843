import type { TFunction } from 'i18next';
import type { ElectronLike, NativeImageLike } from './electron-like.ts';
import { TRAY_COLORS, trayIconPng } from './tray-icon-png.ts';
import {
  trayModel,
  type TrayActions,
  type TrayFormat,
  type TrayIcon,
  type TrayState,
} from './tray-menu.ts';

export interface AppTray {
  /** Rebuilds the menu, tooltip and icon with what changed (nothing: in the language now chosen). */
  update(change: Partial<TrayState>): void;
  state(): TrayState;
}

/** The tray icon and its menu, redrawn from trayModel whenever the state changes. */
export function createAppTray<Image extends NativeImageLike>(
  electron: Pick<ElectronLike<Image>, 'Tray' | 'Menu' | 'nativeImage'>,
  initial: TrayState,
  actions: TrayActions,
  format: TrayFormat,
  t: TFunction,
): AppTray {
  const image = (icon: TrayIcon): Image =>
    // Drawn at 32 px for a 16 pt icon: sharp on high-density screens, scaled down elsewhere.
    electron.nativeImage.createFromBuffer(trayIconPng(32, TRAY_COLORS[icon]), { scaleFactor: 2 });
  let state = initial;
  let icon = trayModel(state, actions, format, t).icon;
  const tray = new electron.Tray(image(icon));
  // Windows and some Linux trays send a click, not a menu: open the window then.
  tray.on('click', () => actions.open());
  const draw = (): void => {
    const model = trayModel(state, actions, format, t);
    if (model.icon !== icon) {
      icon = model.icon;
      tray.setImage(image(icon));
    }
    tray.setToolTip(model.toolTip);
    tray.setContextMenu(electron.Menu.buildFromTemplate(model.menu));
  };
  draw();
  return {
    update: (change) => {
      state = { ...state, ...change };
      draw();
    },
    state: () => state,
  };
}
