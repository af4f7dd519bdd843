import { join } from 'node:path';
import { app, BrowserWindow, ipcMain } from 'electron';
import type { GatewayStatus } from '../../shared/contract.ts';
import { createKeychain } from '../secrets/keychain.ts';
import { UpstreamKeyStore } from '../secrets/upstream-key.ts';
import { resolveUpstream } from '../services/resolve-upstream.ts';
import { openAppStore, startAppGateway } from '../services/start-app-gateway.ts';

// The shell only: lifecycle, one window, IPC binding. The gateway is the same code the CLI runs.
let status: GatewayStatus = { running: false, url: null };

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

async function startEmbeddedGateway(): Promise<void> {
  const store = openAppStore(app.getPath('userData'), log);
  try {
    const upstream = await resolveUpstream({
      env: process.env,
      store,
      keys: () => new UpstreamKeyStore(createKeychain()),
    });
    const running = await startAppGateway({
      store,
      host: '127.0.0.1',
      port: Number(process.env.MODEL_GATEWAY_PORT ?? 8787),
      upstream,
      log,
    });
    status = { running: true, url: running.gateway.url };
  } catch (error) {
    store.close();
    log(`gateway not started: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  if (process.env.ELECTRON_RENDERER_URL) void window.loadURL(process.env.ELECTRON_RENDERER_URL);
  else void window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  ipcMain.handle('gatewayStatus', () => status);
  void app.whenReady().then(async () => {
    await startEmbeddedGateway();
    createWindow();
  });
  app.on('window-all-closed', () => app.quit());
}
