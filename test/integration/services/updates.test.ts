import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedEngine } from '../../doubles/updates/feed-engine.ts';
import {
  latestYml,
  sha512Base64,
  startFeedServer,
  type FeedServer,
} from '../../doubles/updates/feed-server.ts';
import { startServices, type ServicesFixture } from './services-fixture.ts';

let feed: FeedServer;
let fx: ServicesFixture;
beforeAll(async () => {
  feed = await startFeedServer();
  const body = Buffer.from('installer');
  feed.put('latest.yml', latestYml('1.2.0', 'app.AppImage', sha512Base64(body), body.length));
  feed.put('app.AppImage', body);
  fx = await startServices({
    version: '1.2.0',
    updates: createFeedEngine(feed.url, mkdtempSync(join(tmpdir(), 'mg-updates-'))),
  });
});
afterAll(async () => {
  await fx.close();
  await feed.close();
});

describe('the app’s updates, with an updater', () => {
  it('checks on start, and follows the Settings switch', async () => {
    await fx.waitForEvent('updates.status', (s) => s.state === 'idle' && s.latest === '1.2.0');
    expect(feed.requests).toEqual(['latest.yml']);

    await fx.call('settings.update', { autoUpdate: false });
    expect(await fx.call('updates.status')).toEqual({ state: 'disabled' });
    expect(await fx.call('updates.check')).toEqual({ state: 'disabled' });
    expect(feed.requests).toEqual(['latest.yml']);

    await fx.call('settings.update', { autoUpdate: true });
    expect(await fx.call('updates.check')).toMatchObject({ state: 'idle', latest: '1.2.0' });
    expect(feed.requests.length).toBeGreaterThan(1);
  });
});
