import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateNameError, isUniqueViolation } from './store-errors.ts';
import { makeTempDir } from '../../test/doubles/store/temp-dir.ts';

describe('isUniqueViolation', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it("recognises SQLite's unique and primary-key failures and nothing else", () => {
    const db = new Database(join(temp.dir, 'e.sqlite'));
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, name TEXT UNIQUE, n INTEGER NOT NULL)');
    db.prepare("INSERT INTO t VALUES ('a', 'x', 1)").run();
    const failure = (sql: string): unknown => {
      try {
        db.prepare(sql).run();
      } catch (error) {
        return error;
      }
      throw new Error('expected a failure');
    };
    expect(isUniqueViolation(failure("INSERT INTO t VALUES ('b', 'x', 1)"))).toBe(true);
    expect(isUniqueViolation(failure("INSERT INTO t VALUES ('a', 'y', 1)"))).toBe(true);
    expect(isUniqueViolation(failure("INSERT INTO t VALUES ('c', 'z', NULL)"))).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
    db.close();
  });
});

describe('DuplicateNameError', () => {
  it('says what clashed', () => {
    const error = new DuplicateNameError('token', 'cursor', 'taken');
    expect(error).toBeInstanceOf(Error);
    expect(error.entity).toBe('token');
    expect(error.takenName).toBe('cursor');
    expect(error.message).toBe('taken');
  });
});
