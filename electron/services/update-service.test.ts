import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../shared/contract.ts';
import { createFeedEngine, type FeedEngine } from '../../test/doubles/updates/feed-engine.ts';
import {
  latestYml,
  sha512Base64,
  startFeedServer,
  type FeedServer,
} from '../../test/doubles/updates/feed-server.ts';
import { UpdateService, type UpdateServiceOptions } from './update-service.ts';

const INSTALLER = 'Model-Gateway-1.3.0-x86_64.AppImage';
const BODY = Buffer.alloc(200_000, 1);

let feed: FeedServer;
let downloads: string;
let engine: FeedEngine;
let published: UpdateStatus[];
let enabled: boolean;
let schedule: { ms: number; task: () => void; stopped: boolean }[];

const service = (overrides: Partial<UpdateServiceOptions> = {}) =>
  new UpdateService({
    engine,
    unavailable: 'not_packaged',
    currentVersion: '1.2.0',
    enabled: () => enabled,
    publish: (status) => published.push(status),
    log: () => undefined,
    now: () => 1000,
    every: (ms, task) => {
      const entry = { ms, task, stopped: false };
      schedule.push(entry);
      return () => (entry.stopped = true);
    },
    ...overrides,
  });

const publish = (version: string, body: Buffer, sha512 = sha512Base64(body)) => {
  feed.put('latest.yml', latestYml(version, INSTALLER, sha512, body.length));
  feed.put(INSTALLER, body);
};

beforeEach(async () => {
  feed = await startFeedServer();
  downloads = mkdtempSync(join(tmpdir(), 'mg-updates-'));
  engine = createFeedEngine(feed.url, downloads);
  published = [];
  enabled = true;
  schedule = [];
});
afterEach(() => feed.close());

describe('the update service against a release feed', () => {
  it('downloads a newer release, verifies it, and waits for the restart', async () => {
    publish('1.3.0', BODY);
    const updates = service();
    expect(await updates.check()).toEqual({ state: 'ready', version: '1.3.0' });
    expect(published.map((s) => s.state)).toEqual([
      'checking',
      'downloading',
      'downloading',
      'ready',
    ]);
    expect(published[2]).toEqual({ state: 'downloading', version: '1.3.0', percent: 100 });
    expect(readdirSync(downloads)).toEqual([INSTALLER]);
    // Never by itself: only the user's "Restart to update" installs.
    expect(engine.installs).toBe(0);
    updates.install();
    expect(engine.installs).toBe(1);
  });

  it.each(['1.2.0', '1.1.0', '1.3.0-beta.1'])('does not offer %s to 1.2.0', async (version) => {
    publish(version, BODY);
    const updates = service();
    expect(await updates.check()).toEqual({ state: 'idle', checkedAt: 1000, latest: version });
    expect(feed.requests).toEqual(['latest.yml']);
    expect(() => updates.install()).toThrow('There is no downloaded update to install yet.');
  });

  it('refuses a download whose sha512 does not match, deletes it, and can try again', async () => {
    publish('1.3.0', Buffer.concat([BODY, Buffer.from('tampered')]), sha512Base64(BODY));
    const updates = service();
    expect(await updates.check()).toEqual({
      state: 'error',
      message:
        'The download of version 1.3.0 did not match the checksum its release published, and was deleted.',
      // The UI words it in its own language from this.
      i18n: { key: 'settings.errors.updates.checksumMismatch', params: { version: '1.3.0' } },
    });
    expect(readdirSync(downloads)).toEqual([]);
    expect(() => updates.install()).toThrow('There is no downloaded update to install yet.');

    publish('1.3.0', BODY);
    expect(await updates.check()).toEqual({ state: 'ready', version: '1.3.0' });
    expect(existsSync(join(downloads, INSTALLER))).toBe(true);
  });

  it('says what is wrong with a malformed latest.yml, and downloads nothing', async () => {
    feed.put('latest.yml', 'version: 1.3.0\nfiles:\n  - url: a.AppImage\n');
    expect(await service().check()).toEqual({
      state: 'error',
      message:
        'The release description (latest.yml) cannot be used: a file has no sha512 (files.0.sha512).',
      i18n: {
        key: 'settings.errors.updates.badRelease',
        params: { detail: 'a file has no sha512 (files.0.sha512)' },
      },
    });
    feed.put('latest.yml', 'version: [1.3.0\n');
    const unreadable = await service().check();
    expect(unreadable).toMatchObject({ state: 'error' });
    expect(unreadable.state === 'error' && unreadable.message).toMatch(
      /^Could not check for updates: unexpected end of the stream/,
    );
    expect(feed.requests).toEqual(['latest.yml', 'latest.yml']);
  });

  it('reports a feed it cannot reach as a check that failed', async () => {
    expect(await service().check()).toEqual({
      state: 'error',
      message: 'Could not check for updates: HttpError: 404 fetching latest.yml',
      i18n: {
        key: 'settings.errors.updates.checkFailed',
        params: { detail: 'HttpError: 404 fetching latest.yml' },
      },
    });
  });

  it('checks on start and every 24 hours while switched on', async () => {
    publish('1.2.0', BODY);
    const updates = service();
    updates.start();
    expect(schedule.map((s) => s.ms)).toEqual([24 * 60 * 60 * 1000]);
    await updates.check();
    expect(feed.requests).toEqual(['latest.yml']);
    schedule[0]!.task();
    await updates.check();
    expect(feed.requests).toEqual(['latest.yml', 'latest.yml']);
    updates.close();
    expect(schedule[0]!.stopped).toBe(true);
  });
});

describe('the updates switch', () => {
  it('off: nothing is asked of the feed, on start or when asked', async () => {
    publish('1.3.0', BODY);
    enabled = false;
    const updates = service();
    expect(updates.status()).toEqual({ state: 'disabled' });
    updates.start();
    schedule[0]?.task();
    expect(await updates.check()).toEqual({ state: 'disabled' });
    expect(feed.requests).toEqual([]);
  });

  it('on again: checks at once; off again: says so', async () => {
    publish('1.2.0', BODY);
    enabled = false;
    const updates = service();
    enabled = true;
    updates.setEnabled(true);
    expect(await updates.check()).toMatchObject({ state: 'idle', latest: '1.2.0' });
    expect(feed.requests).toEqual(['latest.yml']);
    enabled = false;
    updates.setEnabled(false);
    expect(updates.status()).toEqual({ state: 'disabled' });
    expect(published.at(-1)).toEqual({ state: 'disabled' });
  });

  it('without an updater (headless, or not installed from a release) never checks', async () => {
    const updates = service({ engine: null, unavailable: 'headless' });
    updates.start();
    updates.setEnabled(true);
    expect(await updates.check()).toEqual({ state: 'unavailable', reason: 'headless' });
    expect(schedule).toEqual([]);
    expect(feed.requests).toEqual([]);
    expect(() => updates.install()).toThrow('There is no downloaded update to install yet.');
  });
});
