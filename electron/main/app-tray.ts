import type { GatewayStatus } from '../../shared/contract.ts';
import type { ElectronLike, NativeImageLike } from './electron-like.ts';
import { TRAY_COLORS, trayIconPng } from './tray-icon-png.ts';
import { trayMenuTemplate, trayToolTip, type TrayActions } from './tray-menu.ts';

export interface AppTray {
  /** Rebuilds the menu, tooltip and icon colour for a new gateway status. */
  update(status: GatewayStatus): void;
}

/** The tray icon and its menu; `update` is called on every `gateway.status` event. */
export function createAppTray<Image extends NativeImageLike>(
  electron: Pick<ElectronLike<Image>, 'Tray' | 'Menu' | 'nativeImage'>,
  initial: GatewayStatus,
  actions: TrayActions,
): AppTray {
  const icon = (running: boolean): Image =>
    // Drawn at 32 px for a 16 pt icon: sharp on high-density screens, scaled down elsewhere.
    electron.nativeImage.createFromBuffer(
      trayIconPng(32, running ? TRAY_COLORS.running : TRAY_COLORS.stopped),
      { scaleFactor: 2 },
    );
  const tray = new electron.Tray(icon(initial.running));
  // Windows and some Linux trays send a click, not a menu: open the window then.
  tray.on('click', () => actions.open());
  let running = initial.running;
  const update = (status: GatewayStatus): void => {
    if (status.running !== running) {
      running = status.running;
      tray.setImage(icon(running));
    }
    tray.setToolTip(trayToolTip(status));
    tray.setContextMenu(electron.Menu.buildFromTemplate(trayMenuTemplate(status, actions)));
  };
  update(initial);
  return { update };
}
