import { createFakeElectron, frame } from './fake-electron.ts';

/**
 * What `import … from 'electron'` gives the built main bundle in the bundle smoke test
 * (fake-electron-hooks.ts). Ready at once; once the window has loaded, it plays the page: two
 * `app:rpc` calls from the app's own frame and one from a foreign one. It reports what it saw as
 * JSON lines on stdout and exits when the shell calls `app.exit`.
 */
const fake = createFakeElectron();
const report = (record: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify(record)}\n`);
};

fake.app.exit = (code = 0) => {
  report({ exit: code });
  process.exit(code);
};
fake.app.becomeReady();

const deadline = Date.now() + 30_000;
const timer = setInterval(() => {
  const window = fake.windows[0];
  if (Date.now() > deadline) {
    report({ error: 'no window within 30 s' });
    process.exit(1);
  }
  if (!window || fake.trays.length === 0) return;
  clearInterval(timer);
  const page = window.webContents.getURL();
  void (async () => {
    report({ window: window.options, loaded: window.loaded, page });
    const status = await fake.ipcMain.invoke(frame(page), 'app:rpc', 'app.status', undefined);
    // A read the store reader's worker answers: its script found and run from the bundle.
    const logs = await fake.ipcMain.invoke(frame(page), 'app:rpc', 'logs.search', {
      filter: {},
      limit: 10,
    });
    const updates = await fake.ipcMain.invoke(frame(page), 'app:rpc', 'updates.status', undefined);
    report({ status, logs, updates });
    const refused = await fake.ipcMain
      .invoke(frame('https://evil.example/'), 'app:rpc', 'app.status', undefined)
      .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    report({ refused, tray: fake.trays[0]?.menu.map((item) => item.label ?? '—') });
  })().catch((error: unknown) => report({ error: String(error) }));
}, 20);

export const {
  app,
  BrowserWindow,
  ipcMain,
  session,
  Tray,
  Menu,
  nativeImage,
  Notification,
  dialog,
  shell,
  clipboard,
} = fake.port;
