import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TokenLimits } from '../../shared/contract.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { InvalidInputError } from './store-errors.ts';
import { NO_LIMITS } from '../../shared/no-limits.ts';
import { errorText } from '../../shared/error-text.ts';

describe('TokenLimitRepo', () => {
  let temp: TempStore;
  let tokenId: string;
  beforeEach(() => {
    temp = openTempStore();
    tokenId = temp.store.tokens.create('cursor').info.id;
  });
  afterEach(() => temp.dispose());

  const rows = (): unknown => temp.store.db.prepare('SELECT * FROM token_limits').all();

  it('has nothing for a token without limits', () => {
    expect(temp.store.tokenLimits.get(tokenId)).toBeUndefined();
    expect(temp.store.tokenLimits.list()).toEqual([]);
  });

  it('stores limits and serves them from memory', () => {
    temp.store.modelRoutes.save({ name: 'cheap', models: ['gpt-5-mini'] });
    const limits: TokenLimits = {
      dailyUsd: 2.5,
      weeklyUsd: null,
      monthlyUsd: 40,
      rpm: 60,
      tpm: 200_000,
      models: ['gpt-5', 'cheap'],
      thenRoute: 'cheap',
    };
    expect(temp.store.tokenLimits.set(tokenId, limits)).toEqual(limits);
    expect(temp.store.tokenLimits.get(tokenId)).toEqual(limits);
    expect(temp.store.tokenLimits.list()).toEqual([{ tokenId, limits }]);
    expect(rows()).toEqual([
      expect.objectContaining({ models: '["gpt-5","cheap"]', then_route: 'cheap', rpm: 60 }),
    ]);
    temp.store.db.prepare('DELETE FROM token_limits').run();
    expect(temp.store.tokenLimits.get(tokenId)).toEqual(limits);
  });

  it('keeps what it hands out from being changed by a caller', () => {
    temp.store.tokenLimits.set(tokenId, { ...NO_LIMITS, models: ['a'] });
    const limits = temp.store.tokenLimits.get(tokenId);
    expect(() => limits?.models?.push('b')).toThrow(TypeError);
    expect(temp.store.tokenLimits.get(tokenId)?.models).toEqual(['a']);
  });

  it('removes the row once every limit is unlimited, an empty model list included', () => {
    temp.store.tokenLimits.set(tokenId, { ...NO_LIMITS, rpm: 10 });
    expect(temp.store.tokenLimits.set(tokenId, { ...NO_LIMITS, models: [] })).toEqual(NO_LIMITS);
    expect(rows()).toEqual([]);
    expect(temp.store.tokenLimits.get(tokenId)).toBeUndefined();
  });

  it('refuses, changing nothing, an unknown or revoked token and a then-route that is no route', () => {
    temp.store.tokenLimits.set(tokenId, { ...NO_LIMITS, rpm: 10 });
    const before = rows();
    expect(() => temp.store.tokenLimits.set('tok_nope', { ...NO_LIMITS, rpm: 1 })).toThrow(
      new InvalidInputError(
        "There is no token with id 'tok_nope'.",
        errorText('settings.errors.tokens.notFound', { id: 'tok_nope' }),
      ),
    );
    expect(() => temp.store.tokenLimits.set(tokenId, { ...NO_LIMITS, thenRoute: 'cheap' })).toThrow(
      new InvalidInputError(
        "There is no route named 'cheap' to send requests to once a budget is spent.",
        errorText('settings.errors.limits.thenRouteMissing', { route: 'cheap' }),
      ),
    );
    expect(() => temp.store.tokenLimits.set(tokenId, { ...NO_LIMITS, dailyUsd: -1 })).toThrow(
      InvalidInputError,
    );
    expect(() => temp.store.tokenLimits.set(tokenId, { ...NO_LIMITS, rpm: 1.5 })).toThrow(
      InvalidInputError,
    );
    temp.store.tokens.revoke(tokenId);
    expect(() => temp.store.tokenLimits.set(tokenId, { ...NO_LIMITS, rpm: 1 })).toThrow(
      new InvalidInputError(
        "Token 'cursor' is revoked; it has no limits to set.",
        errorText('settings.errors.limits.tokenRevoked', { name: 'cursor' }),
      ),
    );
    expect(rows()).toEqual(before);
  });
});
