import type { TFunction } from 'i18next';
import type { GatewayStatus } from '../../shared/contract.ts';
import { describeGatewayStop } from '../../shared/describe-gateway-stop.ts';
import type { ElectronLike } from './electron-like.ts';

/**
 * Tells the user once, without blocking anything, that the gateway could not take its port.
 * The window's own status view offers another port; this reaches a user who only sees the tray.
 * A system notification where there is one, else a non-modal message box.
 */
export function createPortInUseNotice(
  electron: Pick<ElectronLike, 'Notification' | 'dialog'>,
  log: (line: string) => void,
  t: TFunction,
): (status: GatewayStatus) => void {
  let shown = false;
  return (status) => {
    if (shown || status.errorCode !== 'port_in_use') return;
    shown = true;
    // Worded from the code (as the tray and the header word it), not `status.error`'s English.
    const why = describeGatewayStop(status, t) ?? '';
    const what = t('dialogs.portInUse.what');
    const title = t('dialogs.portInUse.title');
    if (electron.Notification.isSupported()) {
      new electron.Notification({ title, body: `${why} ${what}` }).show();
      return;
    }
    electron.dialog
      .showMessageBox({
        type: 'warning',
        title,
        message: why,
        detail: what,
        buttons: [t('dialogs.portInUse.ok')],
      })
      .catch((error: unknown) => log(`could not show the port notice: ${String(error)}`));
  };
}
