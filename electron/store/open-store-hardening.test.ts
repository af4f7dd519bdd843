import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from './open-store.ts';
import { makeTempDir } from '../../test/doubles/store/temp-dir.ts';

const posix = process.platform !== 'win32';

describe('the data folder and the database file', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it.runIf(posix)('tightens an existing data folder with a loose mode to 0700', () => {
    const dir = join(temp.dir, 'data');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    const store = openStore(dir);
    store.close();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
  });

  it('overwrites deleted rows instead of leaving them in free pages', () => {
    const marker = 'captured-secret-prompt-'.repeat(8);
    let store = openStore(temp.dir);
    expect(store.db.pragma('secure_delete', { simple: true })).toBe(1);
    store.settings.set('probe', marker);
    store.close();
    expect(readFileSync(store.path).toString('latin1')).toContain(marker);
    store = openStore(temp.dir);
    store.settings.delete('probe');
    store.close();
    for (const file of [store.path, `${store.path}-wal`].filter(existsSync))
      expect(readFileSync(file).toString('latin1')).not.toContain(marker);
  });
});
