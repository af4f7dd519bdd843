import { join } from 'node:path';
import { app, BrowserWindow, ipcMain } from 'electron';
import type { GatewayStatus } from '../../shared/contract.ts';
import { serveGateway } from '../cli/serve-gateway.ts';

// The shell only: lifecycle, one window, IPC binding. The gateway is the same code the CLI runs.
let status: GatewayStatus = { running: false, url: null };

async function startEmbeddedGateway(): Promise<void> {
  const upstreamUrl = process.env.MODEL_GATEWAY_UPSTREAM;
  const upstreamKey = process.env.MODEL_GATEWAY_UPSTREAM_KEY;
  if (!upstreamUrl || !upstreamKey) return;
  const served = await serveGateway({
    host: '127.0.0.1',
    port: Number(process.env.MODEL_GATEWAY_PORT ?? 8787),
    upstreamUrl,
    upstreamKey,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  status = { running: true, url: served.gateway.url };
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
