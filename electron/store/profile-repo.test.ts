import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateNameError, InvalidInputError } from './store-errors.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';

describe('ProfileRepo', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  const create = (name: string, active?: boolean) => {
    temp.clock.now += 1;
    return temp.store.profiles.create({
      name,
      baseUrl: `https://${name}.example.com`,
      active,
    });
  };

  it('makes the first profile active, and later ones only when asked', () => {
    const first = create('one');
    expect(first).toMatchObject({ name: 'one', active: true, pricingUrl: null });
    const second = create('two');
    expect(second.active).toBe(false);
    const third = create('three', true);
    expect(third.active).toBe(true);
    expect(
      temp.store.profiles
        .list()
        .filter((p) => p.active)
        .map((p) => p.name),
    ).toEqual(['three']);
  });

  it('switches the active profile, keeping exactly one', () => {
    const one = create('one');
    const two = create('two');
    expect(temp.store.profiles.setActive(two.id)).toBe(true);
    expect(temp.store.profiles.getActive()?.id).toBe(two.id);
    expect(temp.store.profiles.get(one.id)?.active).toBe(false);
    expect(temp.store.profiles.setActive('prof_missing')).toBe(false);
    expect(temp.store.profiles.getActive()?.id).toBe(two.id);
  });

  it('hands the active role to the oldest remaining profile when the active one goes', () => {
    const one = create('one');
    const two = create('two');
    const three = create('three');
    temp.store.profiles.setActive(one.id);
    expect(temp.store.profiles.delete(one.id)).toBe(true);
    expect(temp.store.profiles.getActive()?.id).toBe(two.id);
    expect(temp.store.profiles.delete(three.id)).toBe(true);
    expect(temp.store.profiles.getActive()?.id).toBe(two.id);
    expect(temp.store.profiles.delete(two.id)).toBe(true);
    expect(temp.store.profiles.getActive()).toBeNull();
    expect(temp.store.profiles.delete(two.id)).toBe(false);
  });

  it('updates only the fields given', () => {
    const one = temp.store.profiles.create({
      name: 'one',
      baseUrl: 'https://a.example.com',
      pricingUrl: 'https://a.example.com/api/pricing',
    });
    const updated = temp.store.profiles.update(one.id, { baseUrl: 'https://b.example.com' });
    expect(updated).toMatchObject({
      name: 'one',
      baseUrl: 'https://b.example.com',
      pricingUrl: 'https://a.example.com/api/pricing',
      active: true,
    });
    expect(temp.store.profiles.update(one.id, { pricingUrl: null })?.pricingUrl).toBeNull();
    expect(temp.store.profiles.update('prof_missing', { name: 'x' })).toBeNull();
  });

  it('refuses duplicate names, case-insensitively', () => {
    create('Work');
    const other = create('home');
    expect(() => create('work')).toThrow(DuplicateNameError);
    expect(() => temp.store.profiles.update(other.id, { name: 'WORK' })).toThrow(
      DuplicateNameError,
    );
  });

  it('refuses URLs that are not http(s) or that carry a secret', () => {
    const bad = (baseUrl: string) => () => temp.store.profiles.create({ name: baseUrl, baseUrl });
    expect(bad('not a url')).toThrow(InvalidInputError);
    expect(bad('ftp://example.com')).toThrow(/https/);
    expect(bad('https://user:sk-123@example.com')).toThrow(/keychain/);
    expect(bad('https://example.com/v1?key=sk-123')).toThrow(/keychain/);
    expect(temp.store.profiles.list()).toEqual([]);
  });

  it('has no column that could hold a key', () => {
    const columns = temp.store.db
      .prepare<[], { name: string }>("PRAGMA table_info('upstream_profiles')")
      .all()
      .map((c) => c.name);
    expect(columns).toEqual(['id', 'name', 'base_url', 'pricing_url', 'active', 'created_at']);
  });
});
