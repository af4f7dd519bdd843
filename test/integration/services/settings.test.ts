import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, toolToken, type ServicesFixture } from './services-fixture.ts';
import { freePort, occupyPort } from './free-port.ts';

let fx: ServicesFixture;
let token: string;
beforeAll(async () => {
  fx = await startServices();
  token = await toolToken(fx, 'settings-test');
});
afterAll(() => fx.close());

const listModels = (url: string) =>
  fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${token}` } });

describe('settings', () => {
  it('has defaults and saves changes', async () => {
    expect(await fx.call('settings.get')).toEqual({
      port: 8787,
      captureBodies: false,
      allowedOrigins: [],
      retentionDays: 90,
      theme: 'system',
      autoUpdate: true,
      language: 'system',
      clientsWithoutToken: [],
    });
    const { settings } = await fx.call('settings.update', {
      theme: 'dark',
      language: 'zh-CN',
      retentionDays: 30,
      captureBodies: true,
    });
    expect(settings).toMatchObject({
      theme: 'dark',
      language: 'zh-CN',
      retentionDays: 30,
      captureBodies: true,
    });
    expect(await fx.call('settings.get')).toEqual(settings);
  });

  it('announces each save with the settings as saved (the desktop tray follows the language)', async () => {
    const seen: unknown[] = [];
    const stop = fx.services.subscribe((event, payload) => {
      if (event === 'settings.changed') seen.push(payload);
    });
    try {
      const { settings } = await fx.call('settings.update', { language: 'en' });
      expect(seen).toEqual([settings]);
      expect(settings.language).toBe('en');
    } finally {
      stop();
    }
  });

  it('keeps the updates switch; without an updater the app never updates itself', async () => {
    const unavailable = { state: 'unavailable', reason: 'not_packaged' };
    expect(await fx.call('updates.status')).toEqual(unavailable);
    const { settings } = await fx.call('settings.update', { autoUpdate: false });
    expect(settings.autoUpdate).toBe(false);
    expect(await fx.call('settings.get')).toMatchObject({ autoUpdate: false });
    expect(await fx.call('updates.check')).toEqual(unavailable);
    await expect(fx.call('updates.install')).rejects.toMatchObject({ code: 'not_ready' });
    await fx.call('settings.update', { autoUpdate: true });
  });

  it('grants CORS to the allowed origins, read by the gateway at once', async () => {
    const url = fx.services.status().gateway.url!;
    const preflight = () =>
      fetch(`${url}/v1/chat/completions`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
      });
    expect((await preflight()).status).toBe(403);
    await fx.call('settings.update', { allowedOrigins: ['http://localhost:3000'] });
    const granted = await preflight();
    expect(granted.status).toBe(204);
    expect(granted.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });

  it('refuses invalid values, naming the field', async () => {
    await expect(fx.call('settings.update', { port: 70000 })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'port: must be from 1 to 65535',
    });
    await expect(
      fx.call('settings.update', { allowedOrigins: ['http://localhost:3000/'] }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^allowedOrigins\.0:/),
    });
  });
});

describe('port changes', () => {
  it('moves the gateway to a free port without losing the upstream', async () => {
    const before = fx.services.status().gateway;
    const port = await freePort();
    const { settings, status } = await fx.call('settings.update', { port });
    expect(settings.port).toBe(port);
    expect(status.gateway).toEqual({
      running: true,
      url: `http://127.0.0.1:${port}`,
      port,
      error: null,
      errorCode: null,
    });
    await fx.waitForEvent('gateway.status', (s) => s.port === port);
    expect((await listModels(status.gateway.url!)).status).toBe(200);
    // The old port no longer accepts connections.
    await expect(listModels(before.url!)).rejects.toThrow();
  });

  it('keeps serving on the old port when the new one is taken, and says so', async () => {
    const current = fx.services.status().gateway;
    const taken = await occupyPort();
    try {
      const { settings, status } = await fx.call('settings.update', { port: taken.port });
      expect(settings.port).toBe(current.port);
      expect(status.gateway).toMatchObject({
        running: true,
        url: current.url,
        port: current.port,
        errorCode: 'port_in_use',
      });
      expect(status.gateway.error).toContain(`Port ${taken.port} is already in use`);
      expect(status.gateway.error).toMatch(/Pick another port/);
      await fx.waitForEvent('gateway.status', (s) => s.errorCode === 'port_in_use');
      expect((await listModels(current.url!)).status).toBe(200);
      // Keeping the current port clears the complaint.
      const kept = await fx.call('settings.update', { port: current.port });
      expect(kept.status.gateway).toMatchObject({ running: true, errorCode: null });
    } finally {
      await taken.release();
    }
  });
});

describe('a saved port that is taken at startup', () => {
  it('desktop: starts without a listener, says why, and listens once given another port', async () => {
    const taken = await occupyPort();
    const desktop = await startServices({ port: taken.port });
    try {
      expect(desktop.services.status().gateway).toMatchObject({
        running: false,
        url: null,
        port: taken.port,
        errorCode: 'port_in_use',
      });
      const port = await freePort();
      const { status } = await desktop.call('settings.update', { port });
      expect(status.gateway).toMatchObject({ running: true, port, errorCode: null });
    } finally {
      await desktop.close();
      await taken.release();
    }
  });

  it('headless: refuses to start, naming the port', async () => {
    const taken = await occupyPort();
    try {
      await expect(startServices({ port: taken.port, shell: 'headless' })).rejects.toMatchObject({
        code: 'port_in_use',
        message: expect.stringContaining(`Port ${taken.port}`),
      });
    } finally {
      await taken.release();
    }
  });
});
