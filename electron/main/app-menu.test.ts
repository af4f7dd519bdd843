import { describe, expect, it } from 'vitest';
import { appMenuTemplate } from './app-menu.ts';
import type { MenuItemOptions } from './electron-like.ts';
import { createMainI18n } from './main-i18n.ts';

const words = (language: string) => createMainI18n(() => [language]).t;

/** A menu as "Label(role)" lines, nested by indentation: what a user reads and what it does. */
function outline(items: MenuItemOptions[], depth = 0): string[] {
  return items.flatMap((item) => [
    `${'  '.repeat(depth)}${item.type === 'separator' ? '—' : `${item.label}${item.role ? `(${item.role})` : ''}`}`,
    ...outline(item.submenu ?? [], depth + 1),
  ]);
}

const roles = (items: MenuItemOptions[]): string[] =>
  items.flatMap((item) => [...(item.role ? [item.role] : []), ...roles(item.submenu ?? [])]);

describe('the application menu', () => {
  const options = { appName: 'Model Gateway', packaged: true };

  it('on macOS: the app’s menu first, then Edit, View and Window, in English', () => {
    expect(outline(appMenuTemplate('darwin', words('en'), options))).toEqual([
      'Model Gateway',
      '  About Model Gateway(about)',
      '  —',
      '  Hide Model Gateway(hide)',
      '  Hide Others(hideOthers)',
      '  Show All(unhide)',
      '  —',
      '  Quit Model Gateway(quit)',
      'Edit',
      '  Undo(undo)',
      '  Redo(redo)',
      '  —',
      '  Cut(cut)',
      '  Copy(copy)',
      '  Paste(paste)',
      '  Paste and Match Style(pasteAndMatchStyle)',
      '  Delete(delete)',
      '  Select All(selectAll)',
      'View',
      '  Reload(reload)',
      '  —',
      '  Actual Size(resetZoom)',
      '  Zoom In(zoomIn)',
      '  Zoom Out(zoomOut)',
      '  —',
      '  Toggle Full Screen(togglefullscreen)',
      'Window(windowMenu)',
      '  Minimize(minimize)',
      '  Zoom(zoom)',
      '  —',
      '  Bring All to Front(front)',
    ]);
  });

  it('on Windows and Linux: File with Quit, and a window’s Close; in Chinese', () => {
    const menu = appMenuTemplate('linux', words('zh-CN'), options);
    expect(menu.map((item) => item.label)).toEqual(['文件', '编辑', '视图', '窗口']);
    expect(outline(menu[0]?.submenu ?? [])).toEqual(['退出 Model Gateway(quit)']);
    expect(outline(menu[3]?.submenu ?? [])).toEqual(['最小化(minimize)', '关闭窗口(close)']);
    expect(roles(menu)).not.toContain('pasteAndMatchStyle');
    // Every label in Chinese: none is left to Electron's English defaults.
    const labels = outline(menu).filter((line) => line.trim() !== '—');
    for (const line of labels) expect(line).toMatch(/[\u4e00-\u9fff]/);
  });

  it('offers the developer tools only in a build from the sources', () => {
    expect(roles(appMenuTemplate('linux', words('en'), options))).not.toContain('toggleDevTools');
    const dev = appMenuTemplate('linux', words('en'), { ...options, packaged: false });
    expect(roles(dev)).toContain('toggleDevTools');
  });
});
