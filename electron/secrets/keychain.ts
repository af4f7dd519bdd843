import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import { keychainError } from './keychain-error.ts';

/** Secrets by account name, kept in the OS keychain under one service name. */
export interface SecretStore {
  /** The stored secret, or null when there is none. */
  get(account: string): Promise<string | null>;
  /** Stores or overwrites. */
  set(account: string, secret: string): Promise<void>;
  /** True when a secret was deleted, false when there was none. */
  delete(account: string): Promise<boolean>;
}

export const DEFAULT_SERVICE = 'model-gateway';

// Left to itself the library falls back on Linux from the Secret Service to the kernel keyring,
// which forgets everything at reboot: the key would vanish silently. Pinned, it fails instead.
// Other platforms ignore the option and use the macOS Keychain or Windows Credential Manager.
const ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

/**
 * The OS keychain. A fresh entry per call, built inside the try: entries are cheap, and the
 * constructor itself talks to D-Bus and throws synchronously when it cannot.
 *
 * On Linux the library connects to the session bus once per process and keeps the outcome, a
 * failure included: a Secret Service started after the first attempt is seen only after a restart.
 */
export function createKeychain(service: string = DEFAULT_SERVICE): SecretStore {
  async function withEntry<T>(account: string, use: (entry: AsyncEntry) => Promise<T>): Promise<T> {
    try {
      return await use(new AsyncEntry(service, account, ENTRY_OPTIONS));
    } catch (error) {
      throw keychainError(error);
    }
  }
  return {
    get: (account) => withEntry(account, (entry) => entry.getPassword()),
    set: (account, secret) => withEntry(account, (entry) => entry.setPassword(secret)),
    delete: (account) => withEntry(account, (entry) => entry.deletePassword()),
  };
}
