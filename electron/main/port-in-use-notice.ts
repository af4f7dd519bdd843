import type { GatewayStatus } from '../../shared/contract.ts';
import type { ElectronLike } from './electron-like.ts';

const TITLE = 'Model Gateway: port in use';

/**
 * Tells the user once, without blocking anything, that the gateway could not take its port.
 * The window's own status view offers another port; this reaches a user who only sees the tray.
 * A system notification where there is one, else a non-modal message box.
 */
export function createPortInUseNotice(
  electron: Pick<ElectronLike, 'Notification' | 'dialog'>,
  log: (line: string) => void,
): (status: GatewayStatus) => void {
  let shown = false;
  return (status) => {
    if (shown || status.errorCode !== 'port_in_use') return;
    shown = true;
    const why = status.error ?? `Port ${status.port} is already in use.`;
    const what = 'Open Model Gateway and pick another port in Settings.';
    if (electron.Notification.isSupported()) {
      new electron.Notification({ title: TITLE, body: `${why} ${what}` }).show();
      return;
    }
    electron.dialog
      .showMessageBox({
        type: 'warning',
        title: TITLE,
        message: why,
        detail: what,
        buttons: ['OK'],
      })
      .catch((error: unknown) => log(`could not show the port notice: ${String(error)}`));
  };
}
