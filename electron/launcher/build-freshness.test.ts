import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isBuildStale, mtimeOf, newestMtime } from './build-freshness.ts';

describe('isBuildStale', () => {
  it('builds when an output is missing or older than the newest source', () => {
    expect(isBuildStale([null, 10, 10], 5)).toBe(true);
    expect(isBuildStale([10, 4, 10], 5)).toBe(true);
    expect(isBuildStale([10, 10, 10], 5)).toBe(false);
    expect(isBuildStale([5, 5, 5], 5)).toBe(false);
  });
});

describe('newestMtime', () => {
  it('walks folders, skipping tests, dot folders and node_modules', () => {
    const root = mkdtempSync(join(tmpdir(), 'mg-fresh-'));
    const touch = (path: string, seconds: number) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), '');
      utimesSync(join(root, path), seconds, seconds);
    };
    touch('src/a.ts', 1000);
    touch('src/deep/b.tsx', 2000);
    touch('src/deep/b.test.tsx', 9000);
    touch('src/node_modules/x.js', 9000);
    touch('src/.cache/y', 9000);
    touch('config.ts', 1500);
    expect(newestMtime([join(root, 'src'), join(root, 'config.ts'), join(root, 'gone')])).toBe(
      2_000_000,
    );
    expect(newestMtime([])).toBe(0);
    expect(mtimeOf(join(root, 'config.ts'))).toBe(1_500_000);
    expect(mtimeOf(join(root, 'gone'))).toBeNull();
  });
});
