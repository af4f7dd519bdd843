import { EventEmitter } from 'node:events';
import type {
  ElectronLike,
  IpcInvokeEventLike,
  MenuItemOptions,
  MessageBoxOptions,
  PermissionCheckDetails,
  PermissionRequestDetails,
  PreventableEvent,
  RequestDetails,
  WebContentsLike,
  WebFrameLike,
  WindowOpenDetails,
  WindowOptions,
} from '../../../electron/main/electron-like.ts';

/**
 * A stand-in for the parts of Electron the shell uses, for tests under plain Node (no Electron
 * binary here). It records what the shell did and lets a test play Electron's side: emit app
 * events, navigate, open windows, invoke IPC, ask for permissions.
 */

type Listener = (...args: never[]) => void;

class Emitter {
  readonly #events = new EventEmitter();
  on(event: string, listener: Listener): this {
    this.#events.on(event, listener as (...args: unknown[]) => void);
    return this;
  }
  once(event: string, listener: Listener): this {
    this.#events.once(event, listener as (...args: unknown[]) => void);
    return this;
  }
  emit(event: string, ...args: unknown[]): boolean {
    return this.#events.emit(event, ...args);
  }
  listenerCount(event: string): number {
    return this.#events.listenerCount(event);
  }
}

function preventable<T extends object>(extra: T): PreventableEvent & T & { prevented: boolean } {
  const event = {
    ...extra,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
  };
  return event;
}

let nextId = 1;

class FakeWebContents extends Emitter implements WebContentsLike {
  readonly id = nextId++;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  destroyed = false;
  url = '';
  openHandler: ((details: WindowOpenDetails) => { action: 'deny' }) | null = null;
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.url;
  }
  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
  /** Plays a page navigating its frame; returns whether the shell prevented it. */
  navigate(url: string): boolean {
    const event = preventable({ url });
    this.emit('will-navigate', event);
    return event.prevented;
  }
  attachWebview(): boolean {
    const event = preventable({});
    this.emit('will-attach-webview', event);
    return event.prevented;
  }
}

class FakeApp extends Emitter {
  isPackaged = false;
  hasLock = true;
  readonly calls: string[] = [];
  readonly exitCodes: number[] = [];
  #ready: () => void = () => undefined;
  readonly #whenReady = new Promise<void>((resolve) => {
    this.#ready = resolve;
  });
  requestSingleInstanceLock(): boolean {
    return this.hasLock;
  }
  whenReady(): Promise<void> {
    return this.#whenReady;
  }
  /** Plays Electron's `ready`. */
  becomeReady(): void {
    this.#ready();
  }
  userData = '/fake/userData';
  getPath(_name: 'userData'): string {
    return this.userData;
  }
  setPath(_name: 'userData', path: string): void {
    this.userData = path;
  }
  getVersion(): string {
    return '9.9.9';
  }
  /** The OS's languages, as a test sets them. */
  preferredLanguages = ['en-US'];
  getPreferredSystemLanguages(): string[] {
    return [...this.preferredLanguages];
  }
  /** Like Electron: `before-quit` first; quitting goes ahead unless a listener prevented it. */
  quit(): void {
    const event = preventable({});
    this.emit('before-quit', event);
    this.calls.push(event.prevented ? 'quit prevented' : 'quit');
  }
  exit(exitCode = 0): void {
    this.calls.push('exit');
    this.exitCodes.push(exitCode);
  }
}

class FakeSession {
  requestHandler:
    | ((
        contents: WebContentsLike,
        permission: string,
        callback: (granted: boolean) => void,
        details: PermissionRequestDetails,
      ) => void)
    | null = null;
  checkHandler:
    | ((
        contents: WebContentsLike | null,
        permission: string,
        origin: string,
        details: PermissionCheckDetails,
      ) => boolean)
    | null = null;
  beforeRequest:
    ((details: RequestDetails, callback: (response: { cancel?: boolean }) => void) => void) | null =
    null;
  headersReceived:
    | ((
        details: RequestDetails & { responseHeaders?: Record<string, string[]> },
        callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
      ) => void)
    | null = null;
  readonly webRequest = {
    onBeforeRequest: (listener: NonNullable<FakeSession['beforeRequest']>): void => {
      this.beforeRequest = listener;
    },
    onHeadersReceived: (listener: NonNullable<FakeSession['headersReceived']>): void => {
      this.headersReceived = listener;
    },
  };
  setPermissionRequestHandler(handler: NonNullable<FakeSession['requestHandler']>): void {
    this.requestHandler = handler;
  }
  setPermissionCheckHandler(handler: NonNullable<FakeSession['checkHandler']>): void {
    this.checkHandler = handler;
  }
  /** Plays a page asking for a permission; resolves with the answer. */
  request(permission: string, requestingUrl: string, isMainFrame = true): boolean {
    let granted: boolean | null = null;
    this.requestHandler?.(new FakeWebContents(), permission, (g) => (granted = g), {
      requestingUrl,
      isMainFrame,
    });
    if (granted === null) throw new Error('permission request left unanswered');
    return granted;
  }
  /** Plays a request leaving the renderer; returns whether the shell cancelled it. */
  cancels(url: string): boolean {
    let cancel: boolean | undefined;
    this.beforeRequest?.({ url }, (response) => (cancel = response.cancel));
    return cancel === true;
  }
}

export class FakeIpcMain {
  readonly handlers = new Map<
    string,
    (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>
  >();
  handle(
    channel: string,
    listener: (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>,
  ): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  /** Plays a renderer's ipcRenderer.invoke from `frame`. */
  invoke(frame: WebFrameLike | null, channel: string, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    return handler({ senderFrame: frame }, ...args);
  }
}

interface FakeImage {
  isEmpty(): boolean;
  png: Buffer;
  scaleFactor: number | undefined;
}

export interface FakeElectron {
  port: ElectronLike<FakeImage>;
  app: FakeApp;
  session: FakeSession;
  ipcMain: FakeIpcMain;
  windows: FakeWindow[];
  trays: FakeTray[];
  notifications: { title: string; body: string; shown: boolean }[];
  messageBoxes: MessageBoxOptions[];
  errorBoxes: { title: string; content: string }[];
  /** Every application menu set, the last one in use (null: none). */
  applicationMenus: (MenuItemOptions[] | null)[];
  opened: string[];
  copied: string[];
  notificationsSupported: boolean;
}

class FakeWindow extends Emitter {
  readonly webContents = new FakeWebContents();
  destroyed = false;
  minimized = false;
  readonly calls: string[] = [];
  loaded: { url?: string; file?: string; hash?: string } = {};
  readonly options: WindowOptions;
  constructor(options: WindowOptions) {
    super();
    this.options = options;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
    this.calls.push('restore');
  }
  show(): void {
    this.calls.push('show');
  }
  focus(): void {
    this.calls.push('focus');
  }
  loadURL(url: string): Promise<void> {
    this.loaded = { url };
    this.webContents.url = url;
    return Promise.resolve();
  }
  loadFile(file: string, options?: { hash?: string }): Promise<void> {
    this.loaded = options?.hash === undefined ? { file } : { file, hash: options.hash };
    this.webContents.url = `file://${file}`;
    return Promise.resolve();
  }
  /** Plays the user closing the window. */
  close(): void {
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

class FakeTray extends Emitter {
  toolTip = '';
  menu: MenuItemOptions[] = [];
  image: FakeImage;
  constructor(image: FakeImage) {
    super();
    this.image = image;
  }
  setToolTip(toolTip: string): void {
    this.toolTip = toolTip;
  }
  setContextMenu(menu: object | null): void {
    this.menu = (menu as { template?: MenuItemOptions[] } | null)?.template ?? [];
  }
  setImage(image: FakeImage): void {
    this.image = image;
  }
  /** Clicks the menu item whose label starts with `label`. */
  click(label: string): void {
    const item = this.menu.find((entry) => entry.label?.startsWith(label));
    if (!item?.click) throw new Error(`no clickable tray item '${label}'`);
    item.click();
  }
}

export function createFakeElectron(): FakeElectron {
  const app = new FakeApp();
  const session = new FakeSession();
  const ipcMain = new FakeIpcMain();
  const fake: Omit<FakeElectron, 'port'> = {
    app,
    session,
    ipcMain,
    windows: [],
    trays: [],
    notifications: [],
    messageBoxes: [],
    errorBoxes: [],
    applicationMenus: [],
    opened: [],
    copied: [],
    notificationsSupported: true,
  };
  class BrowserWindow extends FakeWindow {
    constructor(options: WindowOptions) {
      super(options);
      fake.windows.push(this);
      // Electron announces every new webContents on the app.
      app.emit('web-contents-created', {}, this.webContents);
    }
  }
  class Tray extends FakeTray {
    constructor(image: FakeImage) {
      super(image);
      fake.trays.push(this);
    }
  }
  class Notification {
    static isSupported(): boolean {
      return result.notificationsSupported;
    }
    readonly entry: { title: string; body: string; shown: boolean };
    constructor(options: { title: string; body: string }) {
      this.entry = { ...options, shown: false };
      fake.notifications.push(this.entry);
    }
    show(): void {
      this.entry.shown = true;
    }
  }
  const port: ElectronLike<FakeImage> = {
    app,
    BrowserWindow,
    ipcMain,
    session: { defaultSession: session },
    Tray,
    Menu: {
      buildFromTemplate: (template) => ({ template }),
      setApplicationMenu: (menu) => {
        fake.applicationMenus.push(
          menu === null ? null : (menu as { template: MenuItemOptions[] }).template,
        );
      },
    },
    nativeImage: {
      createFromBuffer: (png, options) => ({
        png,
        scaleFactor: options?.scaleFactor,
        isEmpty: () => png.length === 0,
      }),
    },
    Notification,
    dialog: {
      showMessageBox: (options) => {
        fake.messageBoxes.push(options);
        return Promise.resolve({ response: 0 });
      },
      showErrorBox: (title, content) => {
        fake.errorBoxes.push({ title, content });
      },
    },
    shell: {
      openExternal: (url) => {
        fake.opened.push(url);
        return Promise.resolve();
      },
    },
    clipboard: {
      writeText: (text) => {
        fake.copied.push(text);
        return Promise.resolve();
      },
    },
  };
  const result: FakeElectron = { ...fake, port };
  return result;
}

/** A frame as ipcMain reports it: top-level unless a parent is given. */
export function frame(url: string, parent: WebFrameLike | null = null): WebFrameLike {
  return { url, parent };
}
