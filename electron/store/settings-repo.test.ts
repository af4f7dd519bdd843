import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';

describe('SettingsRepo', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  it('returns the fallback for a missing key', () => {
    expect(temp.store.settings.get('port', 8787)).toBe(8787);
  });

  it('stores JSON values of every kind and keeps them across a restart', () => {
    const s = temp.store.settings;
    s.set('port', 9000);
    s.set('captureBodies', true);
    s.set('retention', { maxAgeDays: 30, maxRows: 100_000 });
    s.set('allowedOrigins', ['http://localhost:5173']);
    const reopened = temp.reopen().settings;
    expect(reopened.get('port', 0)).toBe(9000);
    expect(reopened.get('captureBodies', false)).toBe(true);
    expect(reopened.get('retention', { maxAgeDays: 7, maxRows: 1 })).toEqual({
      maxAgeDays: 30,
      maxRows: 100_000,
    });
    expect(reopened.get<string[]>('allowedOrigins', [])).toEqual(['http://localhost:5173']);
  });

  it('overwrites a value', () => {
    temp.store.settings.set('port', 1);
    temp.store.settings.set('port', 2);
    expect(temp.store.settings.get('port', 0)).toBe(2);
  });

  it('falls back when the stored value is of another kind than the fallback', () => {
    temp.store.settings.set('port', '9000');
    expect(temp.store.settings.get('port', 8787)).toBe(8787);
    temp.store.settings.set('allowedOrigins', { a: 1 });
    expect(temp.store.settings.get<string[]>('allowedOrigins', [])).toEqual([]);
  });

  it('checks the shape with a guard when given one', () => {
    const isPort = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;
    temp.store.settings.set('port', -5);
    expect(temp.store.settings.get('port', 8787, isPort)).toBe(8787);
    temp.store.settings.set('port', 9001);
    expect(temp.store.settings.get('port', 8787, isPort)).toBe(9001);
  });

  it('falls back on damaged JSON instead of throwing', () => {
    temp.store.db.prepare("INSERT INTO settings VALUES ('port', '{oops', 0)").run();
    expect(temp.store.settings.get('port', 8787)).toBe(8787);
  });

  it('refuses values with no JSON form', () => {
    expect(() => temp.store.settings.set('x', undefined)).toThrow(/not JSON/);
    expect(() => temp.store.settings.set('x', () => 1)).toThrow(/not JSON/);
  });

  it('deletes and lists', () => {
    temp.store.settings.set('b', 2);
    temp.store.settings.set('a', 'x');
    expect(temp.store.settings.all()).toEqual({ a: 'x', b: 2 });
    expect(temp.store.settings.delete('a')).toBe(true);
    expect(temp.store.settings.delete('a')).toBe(false);
    expect(temp.store.settings.all()).toEqual({ b: 2 });
  });
});
