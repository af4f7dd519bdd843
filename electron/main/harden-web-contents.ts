import type { WebContentsLike } from './electron-like.ts';
import { openExternalSafely } from './external-url.ts';

/**
 * No navigation away from the app and no new windows. A link the
 * user clicks, in place or with target=_blank, opens in the browser when it is a plain http(s)
 * URL; the app itself never leaves its own page. Applied to every webContents the app creates.
 */
export function hardenWebContents(
  contents: WebContentsLike,
  options: {
    isAppUrl: (url: string) => boolean;
    shell: { openExternal(url: string): Promise<void> };
    log: (line: string) => void;
  },
): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(options.shell, url, options.log);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    // Reloading the app's own page (the dev server's full reload) is not leaving the app.
    if (options.isAppUrl(event.url)) return;
    event.preventDefault();
    openExternalSafely(options.shell, event.url, options.log);
  });
  // <webview> is off in webPreferences; refuse it here too in case a page asks anyway.
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
