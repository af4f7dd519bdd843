import type { SecretStore } from './keychain.ts';
import { validateProfileId, validateUpstreamKey } from './upstream-key-format.ts';

/** What the upstream client calls for the key on each request. */
export type KeyProvider = () => Promise<string>;

export class MissingUpstreamKeyError extends Error {
  readonly code = 'upstream_key_missing';

  constructor(profileId: string) {
    super(
      `No upstream key is stored for profile "${profileId}". Set one in Settings, or run headless with MODEL_GATEWAY_UPSTREAM_KEY set.`,
    );
    this.name = 'MissingUpstreamKeyError';
  }
}

// The keychain account holding a profile's key; the prefix leaves room for other secrets later.
function accountOf(profileId: string): string {
  return `upstream-key:${profileId}`;
}

/**
 * The upstream key of each profile, kept in the keychain. Besides the upstream client, this is
 * the only holder of the key in memory: nothing here returns it except `keyProvider`.
 */
export class UpstreamKeyStore {
  private readonly store: SecretStore;
  // One read per profile, shared by concurrent callers; dropped when the key changes.
  private readonly cache = new Map<string, Promise<string>>();

  constructor(store: SecretStore) {
    this.store = store;
  }

  async setKey(profileId: string, key: string): Promise<void> {
    validateProfileId(profileId);
    validateUpstreamKey(key);
    this.cache.delete(profileId);
    try {
      await this.store.set(accountOf(profileId), key);
    } finally {
      // Also after the write: a read that started before it must not be served afterwards.
      this.cache.delete(profileId);
    }
  }

  async hasKey(profileId: string): Promise<boolean> {
    validateProfileId(profileId);
    return (await this.store.get(accountOf(profileId))) !== null;
  }

  /** True when a key was deleted, false when there was none. */
  async clearKey(profileId: string): Promise<boolean> {
    validateProfileId(profileId);
    this.cache.delete(profileId);
    try {
      return await this.store.delete(accountOf(profileId));
    } finally {
      this.cache.delete(profileId);
    }
  }

  /**
   * For the upstream client: reads the keychain on first use and keeps the key in memory, so a
   * request costs no keychain round trip. Throws MissingUpstreamKeyError when none is stored,
   * or KeychainUnavailableError; failures are not cached, the next call asks again.
   */
  keyProvider(profileId: string): KeyProvider {
    validateProfileId(profileId);
    return () => {
      const cached = this.cache.get(profileId);
      if (cached) return cached;
      const read = this.readKey(profileId);
      this.cache.set(profileId, read);
      read.catch(() => {
        if (this.cache.get(profileId) === read) this.cache.delete(profileId);
      });
      return read;
    };
  }

  private async readKey(profileId: string): Promise<string> {
    const key = await this.store.get(accountOf(profileId));
    if (key === null) throw new MissingUpstreamKeyError(profileId);
    return key;
  }
}
