import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { applyEnv, keychainTestEnv } from '../../test/keychain-session.ts';
import { createKeychain, type SecretStore } from './keychain.ts';
import { describeKeySource, selectKeyProvider } from './key-source.ts';
import { MissingUpstreamKeyError, UpstreamKeyStore } from './upstream-key.ts';
import { InvalidUpstreamKeyError } from './upstream-key-format.ts';

// Real keychain only: a private gnome-keyring on a private D-Bus, started by test/global-setup.ts.
const session = keychainTestEnv(inject('keychainEnv'));
const SERVICE = `model-gateway-test-upstream-key-${process.pid}`;

if ('skipped' in session) it.skip(session.skipped, () => {});

/** The real keychain, with its reads counted: the cache is only visible in how often it asks. */
function counted(store: SecretStore): SecretStore & { gets: number } {
  const wrapper = {
    gets: 0,
    get(account: string) {
      wrapper.gets++;
      return store.get(account);
    },
    set: (account: string, secret: string) => store.set(account, secret),
    delete: (account: string) => store.delete(account),
  };
  return wrapper;
}

describe.skipIf(!('env' in session))('UpstreamKeyStore (real Secret Service)', () => {
  let restore: () => void = () => {};
  let keychain: SecretStore;
  let store: SecretStore & { gets: number };
  let keys: UpstreamKeyStore;

  beforeAll(() => {
    // The library reads DBUS_SESSION_BUS_ADDRESS from this process's environment, once, at its
    // first use: it must be set before any keychain call in this worker.
    restore = applyEnv('env' in session ? session.env : {});
    keychain = createKeychain(SERVICE);
  });
  afterAll(() => restore());
  beforeEach(async () => {
    store = counted(keychain);
    keys = new UpstreamKeyStore(store);
    await keys.clearKey('work');
    await keys.clearKey('home');
  });

  it('stores a key per profile and reports whether one is there', async () => {
    expect(await keys.hasKey('work')).toBe(false);
    await keys.setKey('work', 'sk-work-123');
    expect(await keys.hasKey('work')).toBe(true);
    expect(await keys.hasKey('home')).toBe(false);
    await keys.setKey('home', 'sk-home-456');
    expect(await keys.keyProvider('work')()).toBe('sk-work-123');
    expect(await keys.keyProvider('home')()).toBe('sk-home-456');
  });

  it('keeps the key under a namespaced account in the keychain', async () => {
    await keys.setKey('work', 'sk-work-123');
    expect(await keychain.get('upstream-key:work')).toBe('sk-work-123');
  });

  it('overwrites a key, and clearKey removes it', async () => {
    await keys.setKey('work', 'sk-old');
    await keys.setKey('work', 'sk-new');
    expect(await keys.keyProvider('work')()).toBe('sk-new');
    expect(await keys.clearKey('work')).toBe(true);
    expect(await keys.hasKey('work')).toBe(false);
    expect(await keys.clearKey('work')).toBe(false);
  });

  it('reads the keychain once, then serves the key from memory', async () => {
    await keys.setKey('work', 'sk-cached');
    const provider = keys.keyProvider('work');
    const concurrent = await Promise.all([provider(), provider(), provider()]);
    expect(concurrent).toEqual(['sk-cached', 'sk-cached', 'sk-cached']);
    expect(await provider()).toBe('sk-cached');
    // Another provider for the same profile shares the cache.
    expect(await keys.keyProvider('work')()).toBe('sk-cached');
    expect(store.gets).toBe(1);
    // Removed behind the store's back, the cached key is still served: no keychain round trip.
    await keychain.delete('upstream-key:work');
    expect(await provider()).toBe('sk-cached');
    expect(store.gets).toBe(1);
  });

  it('forgets the cached key when it is replaced or cleared', async () => {
    await keys.setKey('work', 'sk-first');
    const provider = keys.keyProvider('work');
    expect(await provider()).toBe('sk-first');
    await keys.setKey('work', 'sk-second');
    expect(await provider()).toBe('sk-second');
    expect(store.gets).toBe(2);
    await keys.clearKey('work');
    await expect(provider()).rejects.toBeInstanceOf(MissingUpstreamKeyError);
  });

  it('does not keep a key read while a new one was being written', async () => {
    await keys.setKey('work', 'sk-before');
    const provider = keys.keyProvider('work');
    const writing = keys.setKey('work', 'sk-after');
    const during = provider();
    await writing;
    expect(['sk-before', 'sk-after']).toContain(await during);
    expect(await provider()).toBe('sk-after');
  });

  it('throws a clear error when no key is stored, and asks again next time', async () => {
    const provider = keys.keyProvider('work');
    const error = await provider().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingUpstreamKeyError);
    expect((error as MissingUpstreamKeyError).message).toBe(
      'No upstream key is stored for profile "work". Set one in Settings, or run headless with MODEL_GATEWAY_UPSTREAM_KEY set.',
    );
    expect((error as MissingUpstreamKeyError).code).toBe('upstream_key_missing');
    await keys.setKey('work', 'sk-later');
    expect(await provider()).toBe('sk-later');
  });

  it('refuses malformed keys without storing anything', async () => {
    for (const bad of ['', 'sk-with space', 'sk-line\nbreak', 'x'.repeat(4097)]) {
      await expect(keys.setKey('work', bad)).rejects.toBeInstanceOf(InvalidUpstreamKeyError);
    }
    expect(await keys.hasKey('work')).toBe(false);
    await expect(keys.setKey('', 'sk-ok')).rejects.toThrow(/profile id/);
  });

  it('describes where the key comes from, the environment first', async () => {
    const noEnv = {};
    expect(await describeKeySource(keys, 'work', noEnv)).toBe('none');
    await keys.setKey('work', 'sk-stored');
    expect(await describeKeySource(keys, 'work', noEnv)).toBe('keychain');
    const env = { MODEL_GATEWAY_UPSTREAM_KEY: 'sk-from-env' };
    expect(await describeKeySource(keys, 'work', env)).toBe('environment');
    expect(await selectKeyProvider(keys, 'work', env)()).toBe('sk-from-env');
    expect(await selectKeyProvider(keys, 'work', noEnv)()).toBe('sk-stored');
  });
});
