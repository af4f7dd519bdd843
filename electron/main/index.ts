import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  session,
  shell,
  Tray,
  type NativeImage,
} from 'electron';
import electronUpdater from 'electron-updater';
import { createAppServices } from '../services/app-services.ts';
import { parseDesktopArgs } from './desktop-args.ts';
import { runDesktopApp } from './desktop-app.ts';
import type { ElectronLike } from './electron-like.ts';
import { createElectronUpdateEngine } from './electron-update-engine.ts';

// The entry electron-vite bundles as out/main/index.js: the real Electron module, handed to the
// shell as its port. Everything else in this folder takes the port, so it runs under test.
const electron: ElectronLike<NativeImage> = {
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
};

const args = parseDesktopArgs(process.argv);
// app.setPath needs the folder to exist.
const dataDir = args.dataDir === undefined ? undefined : resolve(args.dataDir);
if (dataDir) mkdirSync(dataDir, { recursive: true });

const log = (line: string): void => void process.stderr.write(`${line}\n`);

runDesktopApp({
  electron,
  createServices: createAppServices,
  devUrl: process.env.ELECTRON_RENDERER_URL,
  indexHtml: join(import.meta.dirname, '../renderer/index.html'),
  preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
  log,
  // autoUpdater is made on first use, for this platform's installer: only in a packaged app.
  updater: () => createElectronUpdateEngine(electronUpdater.autoUpdater, log),
  onSignal: (signal, handler) => process.on(signal, handler),
  ...(dataDir === undefined ? {} : { dataDir }),
  ...(args.port === undefined ? {} : { port: args.port }),
});
