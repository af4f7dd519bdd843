import type { TFunction } from 'i18next';
import type { MenuItemOptions } from './electron-like.ts';

/** Items as menu items (a literal's role would otherwise widen to a string). */
const only = (...items: MenuItemOptions[]): MenuItemOptions[] => items;

/**
 * The application menu, in the UI's language. Electron's default menu is English whatever the
 * app's language; this one has the same commands (each a role, so Electron gives it its
 * shortcut and its action) under the catalog's words. On macOS the menu bar is always shown
 * and its first menu is the app's; elsewhere it is hidden until Alt is pressed
 * (`autoHideMenuBar`), and Quit is under File. Developer tools only in a build from the sources.
 */
export function appMenuTemplate(
  platform: NodeJS.Platform,
  t: TFunction,
  options: { appName: string; packaged: boolean },
): MenuItemOptions[] {
  const mac = platform === 'darwin';
  const name = { name: options.appName };
  const separator: MenuItemOptions = { type: 'separator' };

  const appMenu: MenuItemOptions = {
    label: options.appName,
    submenu: [
      { role: 'about', label: t('menu.about', name) },
      separator,
      { role: 'hide', label: t('menu.hide', name) },
      { role: 'hideOthers', label: t('menu.hideOthers') },
      { role: 'unhide', label: t('menu.showAll') },
      separator,
      { role: 'quit', label: t('menu.quit', name) },
    ],
  };
  const fileMenu: MenuItemOptions = {
    label: t('menu.file'),
    submenu: [{ role: 'quit', label: t('menu.quit', name) }],
  };
  const editMenu: MenuItemOptions = {
    label: t('menu.edit'),
    submenu: [
      { role: 'undo', label: t('menu.undo') },
      { role: 'redo', label: t('menu.redo') },
      separator,
      { role: 'cut', label: t('menu.cut') },
      { role: 'copy', label: t('menu.copy') },
      { role: 'paste', label: t('menu.paste') },
      ...(mac ? only({ role: 'pasteAndMatchStyle', label: t('menu.pasteAndMatchStyle') }) : []),
      { role: 'delete', label: t('menu.delete') },
      { role: 'selectAll', label: t('menu.selectAll') },
    ],
  };
  const viewMenu: MenuItemOptions = {
    label: t('menu.view'),
    submenu: [
      { role: 'reload', label: t('menu.reload') },
      ...(options.packaged ? [] : only({ role: 'toggleDevTools', label: t('menu.devTools') })),
      separator,
      { role: 'resetZoom', label: t('menu.actualSize') },
      { role: 'zoomIn', label: t('menu.zoomIn') },
      { role: 'zoomOut', label: t('menu.zoomOut') },
      separator,
      { role: 'togglefullscreen', label: t('menu.fullScreen') },
    ],
  };
  const windowMenu: MenuItemOptions = {
    label: t('menu.window'),
    ...(mac ? { role: 'windowMenu' as const } : {}),
    submenu: [
      { role: 'minimize', label: t('menu.minimize') },
      ...(mac
        ? only({ role: 'zoom', label: t('menu.zoom') }, separator, {
            role: 'front',
            label: t('menu.front'),
          })
        : only({ role: 'close', label: t('menu.close') })),
    ],
  };
  return mac
    ? [appMenu, editMenu, viewMenu, windowMenu]
    : [fileMenu, editMenu, viewMenu, windowMenu];
}
