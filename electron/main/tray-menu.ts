import type { GatewayStatus } from '../../shared/contract.ts';
import type { MenuItemOptions } from './electron-like.ts';

export interface TrayActions {
  open(): void;
  copyUrl(url: string): void;
  quit(): void;
}

/** The status line: where the gateway listens, or why it does not, in the user's words. */
function gatewayStatusLine(status: GatewayStatus): string {
  if (status.running && status.url) return `Gateway running on ${status.url}`;
  const why = status.error ?? 'starting…';
  // Menus show one line; a long upstream message is cut rather than wrapped off-screen.
  return `Gateway not running: ${why.length > 80 ? `${why.slice(0, 79)}…` : why}`;
}

export function trayToolTip(status: GatewayStatus): string {
  return `Model Gateway — ${status.running && status.url ? status.url : 'not running'}`;
}

/** Status (not clickable), Open, Copy gateway URL (only while there is one), Quit. */
export function trayMenuTemplate(status: GatewayStatus, actions: TrayActions): MenuItemOptions[] {
  const url = status.running ? status.url : null;
  return [
    { label: gatewayStatusLine(status), enabled: false },
    { type: 'separator' },
    { label: 'Open Model Gateway', click: () => actions.open() },
    {
      label: 'Copy gateway URL',
      enabled: url !== null,
      click: () => {
        if (url) actions.copyUrl(url);
      },
    },
    { type: 'separator' },
    { label: 'Quit', click: () => actions.quit() },
  ];
}
