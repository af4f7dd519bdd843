import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StatementCache } from './statement-cache.ts';
import { makeTempDir } from '../../test/doubles/store/temp-dir.ts';

describe('StatementCache', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('prepares each SQL text once and reuses the statement', () => {
    const db = new Database(join(temp.dir, 'c.sqlite'));
    const cache = new StatementCache(db);
    const first = cache.get<{ n: number }>('SELECT @n AS n');
    const again = cache.get<{ n: number }>('SELECT @n AS n');
    const other = cache.get<{ n: number }>('SELECT @n + 1 AS n');
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(cache.size).toBe(2);
    expect(first.get({ n: 41 })?.n).toBe(41);
    expect(other.get({ n: 41 })?.n).toBe(42);
    db.close();
  });
});
