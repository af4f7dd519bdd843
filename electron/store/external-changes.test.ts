import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './open-store.ts';
import { openTempStore, type TempStore } from '../../test/doubles/store/temp-store.ts';
import { EXTERNAL_CHANGE_CHECK_MS } from './external-changes.ts';

/** Polls `check` until it holds or `ms` pass; returns how long it took, or null. */
async function within(ms: number, check: () => boolean): Promise<number | null> {
  const start = performance.now();
  for (;;) {
    if (check()) return performance.now() - start;
    if (performance.now() - start > ms) return null;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Two handles on one file are two connections, as the CLI and a running gateway are.
describe('changes made by another connection on the same data dir', () => {
  let temp: TempStore;
  let gateway: Store;
  let cli: Store;
  beforeEach(() => {
    temp = openTempStore();
    gateway = temp.store;
    cli = openStore(temp.dir);
  });
  afterEach(() => {
    cli.close();
    temp.dispose();
  });

  it('checks no more often than the interval and well under a second', () => {
    expect(EXTERNAL_CHANGE_CHECK_MS).toBeLessThan(1_000);
  });

  it('refuses a token within a second of its revocation elsewhere', async () => {
    const { token } = gateway.tokens.create('cursor');
    expect(gateway.tokens.verify(token)?.name).toBe('cursor');
    expect(cli.tokens.revoke('cursor')).toBe(true);
    expect(await within(1_000, () => gateway.tokens.verify(token) === null)).not.toBeNull();
  });

  it('accepts a token within a second of its creation elsewhere', async () => {
    gateway.tokens.verify('mgw_warm_the_cache_up_first');
    const { token } = cli.tokens.create('aider');
    expect(
      await within(1_000, () => gateway.tokens.verify(token)?.name === 'aider'),
    ).not.toBeNull();
  });

  it('sees a setting changed elsewhere within a second', async () => {
    expect(gateway.settings.get('captureBodies', false)).toBe(false);
    cli.settings.set('captureBodies', true);
    expect(await within(1_000, () => gateway.settings.get('captureBodies', false))).not.toBeNull();
    cli.settings.delete('captureBodies');
    expect(await within(1_000, () => !gateway.settings.get('captureBodies', false))).not.toBeNull();
  });

  it('resolves a model route saved, changed or deleted elsewhere within a second', async () => {
    expect(gateway.modelRoutes.resolve('coding')).toBeUndefined();
    cli.modelRoutes.save({ name: 'coding', models: ['gpt-5'] });
    expect(
      await within(1_000, () => gateway.modelRoutes.resolve('coding')?.models[0] === 'gpt-5'),
    ).not.toBeNull();
    cli.modelRoutes.save({ name: 'coding', previousName: 'coding', models: ['claude'] });
    expect(
      await within(1_000, () => gateway.modelRoutes.resolve('coding')?.models[0] === 'claude'),
    ).not.toBeNull();
    cli.modelRoutes.delete('coding');
    expect(
      await within(1_000, () => gateway.modelRoutes.resolve('coding') === undefined),
    ).not.toBeNull();
  });

  it('sees a token’s limits set elsewhere within a second', async () => {
    const { info } = gateway.tokens.create('cursor');
    expect(gateway.tokenLimits.get(info.id)).toBeUndefined();
    const limits = {
      dailyUsd: 1,
      weeklyUsd: null,
      monthlyUsd: null,
      rpm: null,
      tpm: null,
      models: null,
      thenRoute: null,
    };
    cli.tokenLimits.set(info.id, limits);
    expect(
      await within(1_000, () => gateway.tokenLimits.get(info.id)?.dailyUsd === 1),
    ).not.toBeNull();
    cli.tokenLimits.set(info.id, { ...limits, dailyUsd: null });
    expect(
      await within(1_000, () => gateway.tokenLimits.get(info.id) === undefined),
    ).not.toBeNull();
  });

  it('keeps serving its own writes without waiting', () => {
    const { token } = gateway.tokens.create('own');
    expect(gateway.tokens.verify(token)?.name).toBe('own');
    gateway.tokens.revoke('own');
    expect(gateway.tokens.verify(token)).toBeNull();
    gateway.settings.set('port', 1234);
    expect(gateway.settings.get('port', 0)).toBe(1234);
  });
});
