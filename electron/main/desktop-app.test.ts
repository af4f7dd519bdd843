import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { GatewayStatus } from '../../shared/contract.ts';
import { AppError, type AppServicesOptions } from '../services/app-services-api.ts';
import { runDesktopApp } from './desktop-app.ts';
import type { UpdateEngine } from '../updates/update-engine.ts';
import {
  createFakeElectron,
  frame,
  type FakeElectron,
} from '../../test/doubles/electron/fake-electron.ts';
import { FakeAppServices } from '../../test/doubles/electron/fake-app-services.ts';
import { decodeRpcError } from './rpc-error.ts';

// The shell's wiring under plain Node: Electron is replaced by a fake port, the services by a
// fake AppServices. What Electron itself does with these settings is the e2e smoke test's job.

const INDEX_HTML = '/app/out/renderer/index.html';
const PRELOAD = '/app/out/preload/index.cjs';
const APP_URL = pathToFileURL(INDEX_HTML).href;

interface Started {
  fake: FakeElectron;
  services: FakeAppServices;
  created: AppServicesOptions[];
  logs: string[];
  signals: Map<string, () => void>;
  desktop: ReturnType<typeof runDesktopApp>;
}

async function start(
  options: {
    devUrl?: string;
    configure?: (fake: FakeElectron, services: FakeAppServices) => void;
    createServices?: () => never;
    forceAfterMs?: number;
    dataDir?: string;
    port?: number;
    updater?: () => UpdateEngine;
  } = {},
): Promise<Started> {
  const fake = createFakeElectron();
  const services = new FakeAppServices();
  options.configure?.(fake, services);
  const created: AppServicesOptions[] = [];
  const logs: string[] = [];
  const signals = new Map<string, () => void>();
  const desktop = runDesktopApp({
    electron: fake.port,
    createServices:
      options.createServices ??
      ((serviceOptions) => {
        created.push(serviceOptions);
        return services;
      }),
    devUrl: options.devUrl,
    indexHtml: INDEX_HTML,
    preloadPath: PRELOAD,
    log: (line) => logs.push(line),
    onSignal: (signal, handler) => signals.set(signal, handler),
    // The menu's layout is the OS's: the same here on every machine.
    platform: 'linux',
    ...(options.forceAfterMs === undefined ? {} : { forceAfterMs: options.forceAfterMs }),
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.updater === undefined ? {} : { updater: options.updater }),
  });
  fake.app.becomeReady();
  await desktop?.ready;
  return { fake, services, created, logs, signals, desktop };
}

function onlyWindow(fake: FakeElectron) {
  expect(fake.windows).toHaveLength(1);
  return fake.windows[0]!;
}

/** What the shell reads of the services on its own (tray, language): not the page's calls. */
const TRAY_READS = new Set(['upstream.health', 'upstream.recheck', 'usage.totals', 'settings.get']);
const pageCalls = (services: FakeAppServices) =>
  services.calls.filter((call) => !TRAY_READS.has(call.method));

const stopped = (error: string, errorCode: GatewayStatus['errorCode']): GatewayStatus => ({
  running: false,
  url: null,
  port: 8787,
  error,
  errorCode,
});

describe('startup', () => {
  it('creates the services for the desktop shell in userData', async () => {
    const { created } = await start();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      shell: 'desktop',
      dataDir: '/fake/userData',
      version: '9.9.9',
    });
    expect(typeof created[0]!.log).toBe('function');
  });

  it('makes the updater in a packaged app only, and hands it to the services', async () => {
    const engine: UpdateEngine = {
      check: () => Promise.resolve(null),
      download: () => Promise.resolve([]),
      install: () => undefined,
    };
    let made = 0;
    const updater = () => {
      made += 1;
      return engine;
    };
    const unpackaged = await start({ updater });
    expect(made).toBe(0);
    expect(unpackaged.created[0]).not.toHaveProperty('updates');
    const packaged = await start({ updater, configure: (fake) => (fake.app.isPackaged = true) });
    expect(made).toBe(1);
    expect(packaged.created[0]?.updates).toBe(engine);
  });

  it('takes --data-dir as userData and --port for the gateway', async () => {
    const { created } = await start({ dataDir: '/tmp/mg-data', port: 0 });
    expect(created[0]).toMatchObject({ dataDir: '/tmp/mg-data', port: 0 });
  });

  it('reports a failure to start the services and exits 1', async () => {
    const { fake } = await start({
      createServices: () => {
        throw new Error('database is locked');
      },
    });
    expect(fake.errorBoxes).toEqual([
      { title: 'Model Gateway could not start', content: 'database is locked' },
    ]);
    expect(fake.app.exitCodes).toEqual([1]);
  });
});

describe('window', () => {
  it('is isolated, sandboxed and without Node', async () => {
    const { fake } = await start();
    const { webPreferences } = onlyWindow(fake).options;
    expect(webPreferences).toMatchObject({
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('loads the built page, and shows the window once it is ready', async () => {
    const { fake } = await start();
    const window = onlyWindow(fake);
    expect(window.loaded).toEqual({ file: INDEX_HTML });
    expect(window.calls).not.toContain('show');
    window.emit('ready-to-show');
    expect(window.calls).toContain('show');
  });

  it('loads the dev server in an unpackaged app only', async () => {
    const dev = await start({ devUrl: 'http://localhost:5173/' });
    expect(onlyWindow(dev.fake).loaded).toEqual({ url: 'http://localhost:5173/' });

    const packaged = await start({
      devUrl: 'http://localhost:5173/',
      configure: (fake) => (fake.app.isPackaged = true),
    });
    expect(onlyWindow(packaged.fake).loaded).toEqual({ file: INDEX_HTML });

    const remote = await start({ devUrl: 'https://example.com/' });
    expect(onlyWindow(remote.fake).loaded).toEqual({ file: INDEX_HTML });
  });

  it('never navigates away; http(s) links open in the browser, others nowhere', async () => {
    const { fake } = await start();
    const contents = onlyWindow(fake).webContents;
    expect(contents.navigate('https://example.com/docs')).toBe(true);
    expect(contents.navigate('file:///etc/passwd')).toBe(true);
    expect(contents.navigate('javascript:alert(1)')).toBe(true);
    expect(fake.opened).toEqual(['https://example.com/docs']);
    // The app's own page (a reload) is not leaving the app.
    expect(contents.navigate(`${APP_URL}#/usage`)).toBe(false);
  });

  it('denies every new window, opening validated http(s) links externally', async () => {
    const { fake } = await start();
    const contents = onlyWindow(fake).webContents;
    const open = (url: string) => contents.openHandler?.({ url });
    expect(open('https://example.com/a')).toEqual({ action: 'deny' });
    expect(open('http://user:pass@example.com/')).toEqual({ action: 'deny' });
    expect(open('smb://server/share')).toEqual({ action: 'deny' });
    expect(open(APP_URL)).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual(['https://example.com/a']);
    expect(contents.attachWebview()).toBe(true);
  });
});

describe('session', () => {
  it('refuses every permission but clipboard writes from the app page itself', async () => {
    const { fake } = await start();
    const { session } = fake;
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
    ]) {
      expect(session.request(permission, APP_URL)).toBe(false);
    }
    expect(session.request('clipboard-sanitized-write', APP_URL)).toBe(true);
    expect(session.request('clipboard-sanitized-write', APP_URL, false)).toBe(false);
    expect(session.request('clipboard-sanitized-write', 'https://example.com/')).toBe(false);
    expect(
      session.checkHandler?.(null, 'media', 'file://', {
        requestingUrl: APP_URL,
        isMainFrame: true,
      }),
    ).toBe(false);
  });

  it('blocks remote requests and sets the CSP on the dev server pages', async () => {
    const { fake } = await start({ devUrl: 'http://localhost:5173/' });
    expect(fake.session.cancels('https://example.com/tracker.js')).toBe(true);
    expect(fake.session.cancels('wss://example.com/socket')).toBe(true);
    expect(fake.session.cancels('http://localhost:5173/src/main.tsx')).toBe(false);
    expect(fake.session.cancels('ws://localhost:5173/')).toBe(false);
    expect(fake.session.cancels('data:image/png;base64,AAAA')).toBe(false);

    let headers: Record<string, string | string[]> | undefined;
    fake.session.headersReceived?.(
      { url: 'http://localhost:5173/', responseHeaders: { 'content-security-policy': ['*'] } },
      (response) => (headers = response.responseHeaders),
    );
    expect(headers?.['content-security-policy']).toBeUndefined();
    expect(String(headers?.['Content-Security-Policy'])).toContain("script-src 'self'");
  });
});

describe('app:rpc', () => {
  it('routes a call from the app page to the services', async () => {
    const { fake, services } = await start();
    const result = await fake.ipcMain.invoke(frame(APP_URL), 'app:rpc', 'tokens.create', {
      name: 'editor',
    });
    expect(result).toEqual({ ok: 'tokens.create' });
    expect(pageCalls(services)).toEqual([{ method: 'tokens.create', params: { name: 'editor' } }]);
  });

  it('refuses a foreign page, an iframe and a destroyed frame', async () => {
    const { fake, services } = await start();
    const refusals = [
      fake.ipcMain.invoke(frame('https://evil.example/'), 'app:rpc', 'key.set', {}),
      fake.ipcMain.invoke(frame(APP_URL, frame(APP_URL)), 'app:rpc', 'key.set', {}),
      fake.ipcMain.invoke(null, 'app:rpc', 'key.set', {}),
    ];
    for (const refusal of refusals) {
      const error = await refusal.then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(decodeRpcError(error?.message ?? '')?.code).toBe('forbidden');
    }
    expect(pageCalls(services)).toEqual([]);
  });

  it('rejects with the AppError encoded as JSON in the message', async () => {
    const { fake } = await start({
      configure: (_fake, services) => {
        services.answer = () => Promise.reject(new AppError('no_key', 'No upstream key is set.'));
      },
    });
    const error = await fake.ipcMain
      .invoke(frame(APP_URL), 'app:rpc', 'upstream.test', {})
      .catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect(JSON.parse((error as Error).message)).toEqual({
      error: { code: 'no_key', message: 'No upstream key is set.' },
    });
    // What the renderer sees after Electron's prefix, decoded the documented way.
    const seen = `Error invoking remote method 'app:rpc': Error: ${(error as Error).message}`;
    expect(decodeRpcError(seen)).toEqual({ code: 'no_key', message: 'No upstream key is set.' });
  });

  it('refuses a call without a method name', async () => {
    const { fake } = await start();
    const error = await fake.ipcMain
      .invoke(frame(APP_URL), 'app:rpc', 42, {})
      .catch((e: unknown) => e as Error);
    expect(decodeRpcError((error as Error).message)?.code).toBe('bad_request');
  });
});

describe('events', () => {
  it('forwards service events to the window, and to a reopened one', async () => {
    const { fake, services } = await start();
    const first = onlyWindow(fake);
    services.emit('chat.delta', { conversationId: 'c', messageId: 'm', text: 'Hi' });
    expect(first.webContents.sent).toEqual([
      {
        channel: 'app:event',
        args: ['chat.delta', { conversationId: 'c', messageId: 'm', text: 'Hi' }],
      },
    ]);

    first.close();
    services.emit('logs.appended', []);
    expect(first.webContents.sent).toHaveLength(1);

    fake.app.emit('second-instance');
    const second = fake.windows[1]!;
    services.emit('logs.appended', []);
    expect(second.webContents.sent).toEqual([
      { channel: 'app:event', args: ['logs.appended', []] },
    ]);
  });
});

describe('single instance', () => {
  it('a second launch quits without starting anything', async () => {
    const { fake, created, desktop } = await start({
      configure: (fake) => (fake.app.hasLock = false),
    });
    expect(desktop).toBeNull();
    expect(fake.app.calls).toContain('quit');
    expect(created).toEqual([]);
    expect(fake.windows).toEqual([]);
  });

  it('the first instance brings its window forward when another is launched', async () => {
    const { fake } = await start();
    const window = onlyWindow(fake);
    window.minimized = true;
    fake.app.emit('second-instance');
    expect(window.calls).toEqual(['restore', 'show', 'focus']);
    expect(fake.windows).toHaveLength(1);
  });

  it('stays running in the tray when the window is closed', async () => {
    const { fake } = await start();
    expect(fake.app.listenerCount('window-all-closed')).toBeGreaterThan(0);
    onlyWindow(fake).close();
    fake.app.emit('window-all-closed');
    expect(fake.app.calls).toEqual([]);
  });
});

describe('tray', () => {
  it("shows the gateway, the upstream and today's spend, and copies the URL", async () => {
    const { fake } = await start({ configure: (_fake, services) => (services.costUsd = 0.42) });
    const tray = fake.trays[0]!;
    await vi.waitFor(() =>
      expect(tray.menu.map((item) => item.label ?? '—')).toContain('Spent today: $0.42'),
    );
    expect(tray.menu.map((item) => item.label ?? '—')).toEqual([
      'Gateway running on http://127.0.0.1:8787',
      'Upstream reachable',
      'Spent today: $0.42',
      '—',
      'Open Model Gateway',
      'Copy gateway URL',
      '—',
      'Quit',
    ]);
    expect(tray.toolTip).toBe(
      'Model Gateway — http://127.0.0.1:8787\nUpstream reachable\nSpent today: $0.42',
    );
    tray.click('Copy gateway URL');
    expect(fake.copied).toEqual(['http://127.0.0.1:8787']);
  });

  it('follows gateway.status events', async () => {
    const { fake, services } = await start();
    const tray = fake.trays[0]!;
    const runningIcon = tray.image.png;
    services.setGateway(stopped('No upstream key is set.', 'no_key'));
    expect(tray.menu[0]?.label).toBe('Gateway not running: No upstream key is set.');
    expect(tray.menu.find((item) => item.label === 'Copy gateway URL')?.enabled).toBe(false);
    expect(tray.toolTip.split('\n')[0]).toBe('Model Gateway — not running');
    expect(tray.image.png.equals(runningIcon)).toBe(false);
  });

  it('follows upstream.health events: a rejected key offers the fix, which opens Settings there', async () => {
    const { fake, services } = await start();
    const tray = fake.trays[0]!;
    await vi.waitFor(() => expect(tray.menu[1]?.label).toBe('Upstream reachable'));
    const runningIcon = tray.image.png;
    services.emit('upstream.health', {
      ...services.health,
      state: 'key_rejected',
      httpStatus: 401,
      detail: 'Invalid API key',
    });
    expect(tray.menu[1]?.label).toBe('Key rejected');
    expect(tray.image.png.equals(runningIcon)).toBe(false);

    // The window is open: it is told to show Settings at the key.
    tray.click('Fix the key…');
    const window = onlyWindow(fake);
    expect(window.webContents.sent.at(-1)).toEqual({
      channel: 'app:event',
      args: ['window.openSettings', { target: 'key' }],
    });

    // The window is closed: a new one opens on Settings at the key.
    window.close();
    tray.click('Fix the key…');
    expect(fake.windows).toHaveLength(2);
    expect(fake.windows[1]?.loaded).toEqual({ file: INDEX_HTML, hash: '/settings/key' });
  });

  it('Retry now rechecks the upstream; a logged failure asks for a check', async () => {
    const { fake, services } = await start();
    const tray = fake.trays[0]!;
    services.emit('upstream.health', {
      ...services.health,
      state: 'unreachable',
      httpStatus: null,
    });
    expect(tray.menu.map((item) => item.label)).toContain('Open upstream settings…');
    services.health = { ...services.health, state: 'ok' };
    tray.click('Retry now');
    await vi.waitFor(() => expect(tray.menu[1]?.label).toBe('Upstream reachable'));
    expect(services.calls.filter((c) => c.method === 'upstream.recheck')).toHaveLength(1);

    const asked = services.calls.filter((c) => c.method === 'upstream.health').length;
    const spendReads = services.calls.filter((c) => c.method === 'usage.totals').length;
    services.costUsd = 1.5;
    services.emit('logs.appended', [{ status: 502, errorKind: 'upstream_unreachable' }]);
    await vi.waitFor(() =>
      expect(tray.menu.map((item) => item.label)).toContain('Spent today: $1.50'),
    );
    expect(services.calls.filter((c) => c.method === 'upstream.health')).toHaveLength(asked + 1);
    expect(services.calls.filter((c) => c.method === 'usage.totals')).toHaveLength(spendReads + 1);
  });

  it('with a problem shown, a request that worked asks for a check; with none, it does not', async () => {
    const { fake, services } = await start();
    await vi.waitFor(() => expect(fake.trays[0]!.menu[1]?.label).toBe('Upstream reachable'));
    const asks = () => services.calls.filter((c) => c.method === 'upstream.health').length;
    const before = asks();
    services.emit('logs.appended', [{ status: 200, errorKind: null }]);
    expect(asks()).toBe(before);
    services.emit('upstream.health', { ...services.health, state: 'unreachable' });
    services.emit('logs.appended', [{ status: 200, errorKind: null }]);
    expect(asks()).toBe(before + 1);
  });

  it('Open brings the window back after it was closed', async () => {
    const { fake } = await start();
    onlyWindow(fake).close();
    fake.trays[0]!.click('Open');
    expect(fake.windows).toHaveLength(2);
  });
});

describe('graceful quit', () => {
  it('Quit closes the services (5 s grace) before the app exits', async () => {
    let release: () => void = () => undefined;
    const { fake, services } = await start({
      configure: (_fake, services) => {
        services.closeGate = new Promise((resolve) => (release = resolve));
      },
    });
    fake.trays[0]!.click('Quit');
    expect(fake.app.calls).toEqual(['quit prevented']);
    await vi.waitFor(() => expect(services.closed).toEqual([5000]));

    // A second quit while closing is held too: the close is not cut short.
    fake.app.quit();
    expect(fake.app.calls).toEqual(['quit prevented', 'quit prevented']);
    expect(services.closed).toEqual([5000]);

    expect(fake.app.calls).not.toContain('exit');
    release();
    await vi.waitFor(() => expect(fake.app.exitCodes).toEqual([0]));
  });

  it('SIGINT and SIGTERM quit the same way', async () => {
    for (const signal of ['SIGINT', 'SIGTERM']) {
      const { fake, services, signals } = await start();
      signals.get(signal)?.();
      await vi.waitFor(() => expect(fake.app.exitCodes).toEqual([0]));
      expect(services.closed).toEqual([5000]);
    }
  });

  it('exits 1 when closing hangs past the deadline', async () => {
    const { fake } = await start({
      forceAfterMs: 20,
      configure: (_fake, services) => {
        services.closeGate = new Promise(() => undefined);
      },
    });
    fake.app.quit();
    await vi.waitFor(() => expect(fake.app.exitCodes).toEqual([1]));
  });
});

describe('language', () => {
  const labels = (fake: FakeElectron) => fake.trays[0]!.menu.map((item) => item.label ?? '—');

  it('speaks the system’s language until one is chosen, then the chosen one, live', async () => {
    const { fake, services } = await start({
      configure: (fake) => (fake.app.preferredLanguages = ['zh-Hans-CN', 'en-US']),
    });
    await vi.waitFor(() => expect(labels(fake)).toContain('上游可访问'));
    expect(labels(fake)).toContain('打开 Model Gateway');

    services.saveSettings({ language: 'en' });
    expect(labels(fake)).toEqual([
      'Gateway running on http://127.0.0.1:8787',
      'Upstream reachable',
      'Spent today: $0.00',
      '—',
      'Open Model Gateway',
      'Copy gateway URL',
      '—',
      'Quit',
    ]);
  });

  it('rebuilds the tray in Chinese when Chinese is chosen in Settings, without a restart', async () => {
    const { fake, services } = await start({
      configure: (_fake, services) => (services.costUsd = 0.42),
    });
    const tray = fake.trays[0]!;
    await vi.waitFor(() => expect(labels(fake)).toContain('Spent today: $0.42'));

    services.saveSettings({ language: 'zh-CN' });
    expect(labels(fake)).toEqual([
      '网关运行于 http://127.0.0.1:8787',
      '上游可访问',
      '今日花费：$0.42',
      '—',
      '打开 Model Gateway',
      '复制网关 URL',
      '—',
      '退出',
    ]);
    expect(tray.toolTip).toBe('Model Gateway — http://127.0.0.1:8787\n上游可访问\n今日花费：$0.42');
    tray.click('复制网关 URL');
    expect(fake.copied).toEqual(['http://127.0.0.1:8787']);

    // The choice is read back at the next start: the tray starts in it.
    const again = await start({
      configure: (_fake, services) => services.saveSettings({ language: 'zh-CN' }),
    });
    expect(again.fake.trays[0]!.menu.at(-1)?.label).toBe('退出');
  });

  it('sets the application menu in the system’s language, and again when one is chosen', async () => {
    const { fake, services } = await start({
      configure: (fake) => (fake.app.preferredLanguages = ['zh-CN']),
    });
    const menuBar = () => fake.applicationMenus.at(-1)?.map((menu) => menu.label);
    await vi.waitFor(() => expect(menuBar()).toEqual(['文件', '编辑', '视图', '窗口']));
    const edit = fake.applicationMenus.at(-1)?.[1]?.submenu ?? [];
    expect(edit.find((item) => item.role === 'paste')?.label).toBe('粘贴');

    services.saveSettings({ language: 'en' });
    expect(menuBar()).toEqual(['File', 'Edit', 'View', 'Window']);
    // Not packaged here (a run from the sources): the developer tools are in View.
    const view = fake.applicationMenus.at(-1)?.[2]?.submenu ?? [];
    expect(view.some((item) => item.role === 'toggleDevTools')).toBe(true);
  });

  it('words the port notice in the chosen language', async () => {
    const { fake } = await start({
      configure: (fake, services) => {
        services.settings = { ...services.settings, language: 'zh-CN' };
        services.gateway = stopped('Port 8787 is already in use.', 'port_in_use');
        fake.notificationsSupported = false;
      },
    });
    expect(fake.messageBoxes[0]).toMatchObject({
      title: 'Model Gateway：端口被占用',
      message: '端口 8787 已被其他程序占用。',
      detail: '请打开 Model Gateway，在设置中选择其他端口。',
      buttons: ['确定'],
    });
  });
});

describe('port in use', () => {
  const taken = stopped('Port 8787 is already in use.', 'port_in_use');

  it('says so once with a notification, at startup or later', async () => {
    const atStart = await start({ configure: (_fake, services) => (services.gateway = taken) });
    expect(atStart.fake.notifications).toEqual([
      {
        title: 'Model Gateway: port in use',
        body: 'Port 8787 is already in use by another program. Open Model Gateway and pick another port in Settings.',
        shown: true,
      },
    ]);
    atStart.services.setGateway(taken);
    expect(atStart.fake.notifications).toHaveLength(1);
    expect(atStart.fake.trays[0]?.menu[0]?.label).toBe(
      'Gateway not running: Port 8787 is already in use by another program.',
    );

    const later = await start();
    expect(later.fake.notifications).toEqual([]);
    later.services.setGateway(taken);
    expect(later.fake.notifications).toHaveLength(1);
  });

  it('falls back to a non-modal message box without notifications', async () => {
    const { fake } = await start({
      configure: (fake, services) => {
        fake.notificationsSupported = false;
        services.gateway = taken;
      },
    });
    expect(fake.messageBoxes).toHaveLength(1);
    expect(fake.messageBoxes[0]).toMatchObject({
      type: 'warning',
      message: 'Port 8787 is already in use by another program.',
      buttons: ['OK'],
    });
  });
});
