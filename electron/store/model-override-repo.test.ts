import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Tariff } from '../gateway/metering/tariff.ts';
import { InvalidInputError } from './store-errors.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';

const tariff: Tariff = { kind: 'per-call', modelPrice: 0.04, groupRatio: 1 };

describe('ModelOverrideRepo', () => {
  let temp: TempStore;
  beforeEach(() => {
    temp = openTempStore();
  });
  afterEach(() => temp.dispose());

  it('sets, gets and lists overrides, across a restart', () => {
    temp.store.modelOverrides.set('gemini-2.5-flash', { markers: ['gemini', 'openai'] });
    temp.store.modelOverrides.set('dall-e', { tariff });
    const repo = temp.reopen().modelOverrides;
    expect(repo.get('gemini-2.5-flash')).toEqual({
      modelId: 'gemini-2.5-flash',
      markers: ['gemini', 'openai'],
      tariff: null,
    });
    expect(repo.list().map((o) => o.modelId)).toEqual(['dall-e', 'gemini-2.5-flash']);
    expect(repo.get('unknown')).toBeNull();
  });

  it('merges a patch: fields left out are kept, null clears one', () => {
    const repo = temp.store.modelOverrides;
    repo.set('m', { markers: ['openai'] });
    expect(repo.set('m', { tariff })).toEqual({ modelId: 'm', markers: ['openai'], tariff });
    expect(repo.set('m', { markers: null })).toEqual({ modelId: 'm', markers: null, tariff });
  });

  it('removes an override left with nothing in it', () => {
    const repo = temp.store.modelOverrides;
    repo.set('m', { tariff });
    expect(repo.set('m', { tariff: null })).toBeNull();
    expect(repo.list()).toEqual([]);
  });

  it('clears an override', () => {
    temp.store.modelOverrides.set('m', { markers: [] });
    expect(temp.store.modelOverrides.get('m')?.markers).toEqual([]);
    expect(temp.store.modelOverrides.clear('m')).toBe(true);
    expect(temp.store.modelOverrides.clear('m')).toBe(false);
  });

  it('refuses a malformed tariff or markers', () => {
    const bad = { kind: 'tokens', modelRatio: 1 } as unknown as Tariff;
    expect(() => temp.store.modelOverrides.set('m', { tariff: bad })).toThrow(InvalidInputError);
    const markers = ['openai', 3] as unknown as string[];
    expect(() => temp.store.modelOverrides.set('m', { markers })).toThrow(InvalidInputError);
    expect(temp.store.modelOverrides.get('m')).toBeNull();
  });
});
