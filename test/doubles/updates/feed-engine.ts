import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { load } from 'js-yaml';
import type { UpdateEngine } from '../../../electron/updates/update-engine.ts';

export interface FeedEngine extends UpdateEngine {
  /** How many times install() was called. */
  installs: number;
}

/**
 * electron-updater's part, played over plain HTTP for Node: reads `latest.yml` from the feed
 * (parsed with js-yaml, electron-updater's own parser) and downloads the release's first file
 * into `downloadDir`, named as electron-updater names it. It offers whatever the feed says, so
 * the service's own decision is what the tests see; install() only counts.
 */
export function createFeedEngine(feedUrl: string, downloadDir: string): FeedEngine {
  let found: { files?: { url?: unknown }[] } | null = null;
  const engine: FeedEngine = {
    installs: 0,
    async check() {
      const response = await fetch(`${feedUrl}/latest.yml`);
      if (!response.ok) throw new Error(`HttpError: ${response.status} fetching latest.yml`);
      const info = load(await response.text()) as typeof found;
      found = info;
      return info;
    },
    async download(onProgress) {
      const url = found?.files?.[0]?.url;
      if (typeof url !== 'string') throw new Error('Please check update first');
      const response = await fetch(new URL(url, `${feedUrl}/`));
      if (!response.ok) throw new Error(`HttpError: ${response.status} fetching ${url}`);
      const path = join(downloadDir, basename(decodeURIComponent(url)));
      await writeFile(path, Buffer.from(await response.arrayBuffer()));
      onProgress(100);
      return [path];
    },
    install() {
      engine.installs += 1;
    },
  };
  return engine;
}
