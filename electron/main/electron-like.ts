/**
 * The slice of Electron the shell uses, as structural types. `index.ts` passes the real
 * `electron` module (tsc checks it fits); tests pass fakes, so the shell's logic runs under plain
 * Node where no Electron binary exists. Nothing here imports `electron`.
 */

export interface PreventableEvent {
  preventDefault(): void;
}

export interface WebFrameLike {
  readonly url: string;
  readonly parent: WebFrameLike | null;
}

export interface IpcInvokeEventLike {
  readonly senderFrame: WebFrameLike | null;
}

export interface WindowOpenDetails {
  url: string;
}

export interface WebContentsLike {
  readonly id: number;
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  getURL(): string;
  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: 'deny' }): void;
  on(
    event: 'will-navigate',
    listener: (event: PreventableEvent & { url: string }) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
}

/** The options the shell sets; a subset of BrowserWindowConstructorOptions. */
export interface WindowOptions {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  title: string;
  show: boolean;
  autoHideMenuBar: boolean;
  webPreferences: {
    preload: string;
    contextIsolation: boolean;
    sandbox: boolean;
    nodeIntegration: boolean;
    nodeIntegrationInWorker: boolean;
    nodeIntegrationInSubFrames: boolean;
    webSecurity: boolean;
    allowRunningInsecureContent: boolean;
    webviewTag: boolean;
    experimentalFeatures: boolean;
    navigateOnDragDrop: boolean;
    spellcheck: boolean;
  };
}

export interface WindowLike {
  readonly webContents: WebContentsLike;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  loadURL(url: string): Promise<void>;
  loadFile(path: string, options?: { hash?: string }): Promise<void>;
  on(event: 'closed', listener: () => void): unknown;
  once(event: 'ready-to-show', listener: () => void): unknown;
}

export interface AppLike {
  readonly isPackaged: boolean;
  requestSingleInstanceLock(): boolean;
  whenReady(): Promise<void>;
  getPath(name: 'userData'): string;
  setPath(name: 'userData', path: string): void;
  getVersion(): string;
  /** The OS's languages, most preferred first (BCP 47 tags). */
  getPreferredSystemLanguages(): string[];
  quit(): void;
  exit(exitCode?: number): void;
  on(event: 'second-instance', listener: () => void): unknown;
  on(event: 'activate', listener: () => void): unknown;
  on(event: 'window-all-closed', listener: () => void): unknown;
  on(event: 'before-quit', listener: (event: PreventableEvent) => void): unknown;
  on(
    event: 'web-contents-created',
    listener: (event: unknown, contents: WebContentsLike) => void,
  ): unknown;
}

export interface PermissionRequestDetails {
  requestingUrl: string;
  isMainFrame: boolean;
}

export interface PermissionCheckDetails {
  requestingUrl?: string;
  isMainFrame: boolean;
}

export interface RequestDetails {
  url: string;
}

export interface SessionLike {
  setPermissionRequestHandler(
    handler: (
      contents: WebContentsLike,
      permission: string,
      callback: (granted: boolean) => void,
      details: PermissionRequestDetails,
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (
      contents: WebContentsLike | null,
      permission: string,
      requestingOrigin: string,
      details: PermissionCheckDetails,
    ) => boolean,
  ): void;
  readonly webRequest: {
    onBeforeRequest(
      listener: (
        details: RequestDetails,
        callback: (response: { cancel?: boolean }) => void,
      ) => void,
    ): void;
    onHeadersReceived(
      listener: (
        details: RequestDetails & { responseHeaders?: Record<string, string[]> },
        callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
      ) => void,
    ): void;
  };
}

export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>,
  ): void;
}

/** An opaque image handle: the shell only passes it from nativeImage to Tray. */
export interface NativeImageLike {
  isEmpty(): boolean;
}

export interface MenuItemOptions {
  label?: string;
  type?: 'normal' | 'separator';
  enabled?: boolean;
  click?: () => void;
  /** One of Electron's menu roles: its action and shortcut come with it. */
  role?: MenuItemRole;
  submenu?: MenuItemOptions[];
}

/** The roles the application menu uses (a subset of Electron's). */
type MenuItemRole =
  | 'about'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'reload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'windowMenu'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'close';

type MenuLike = object;

interface TrayLike<Image extends NativeImageLike = NativeImageLike> {
  setToolTip(toolTip: string): void;
  setContextMenu(menu: MenuLike | null): void;
  setImage(image: Image): void;
  on(event: 'click', listener: () => void): unknown;
}

interface NotificationLike {
  show(): void;
}

export interface MessageBoxOptions {
  type: 'none' | 'info' | 'error' | 'question' | 'warning';
  title: string;
  message: string;
  detail?: string;
  buttons?: string[];
}

/**
 * `Image` is the concrete image type: Electron's Tray constructor takes only its own NativeImage,
 * so the port carries the type from `nativeImage` to `Tray` instead of widening it.
 */
export interface ElectronLike<Image extends NativeImageLike = NativeImageLike> {
  app: AppLike;
  BrowserWindow: new (options: WindowOptions) => WindowLike;
  ipcMain: IpcMainLike;
  session: { readonly defaultSession: SessionLike };
  Tray: new (image: Image) => TrayLike<Image>;
  Menu: {
    buildFromTemplate(template: MenuItemOptions[]): MenuLike;
    setApplicationMenu(menu: MenuLike | null): void;
  };
  nativeImage: {
    createFromBuffer(buffer: Buffer, options?: { scaleFactor?: number }): Image;
  };
  Notification: {
    new (options: { title: string; body: string }): NotificationLike;
    isSupported(): boolean;
  };
  dialog: {
    showMessageBox(options: MessageBoxOptions): Promise<unknown>;
    showErrorBox(title: string, content: string): void;
  };
  shell: { openExternal(url: string): Promise<void> };
  /** Electron 45's clipboard.writeText returns a promise; older ones return void. */
  clipboard: { writeText(text: string): unknown };
}
