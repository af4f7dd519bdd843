import type { SecretStore } from '../secrets/keychain.ts';

/**
 * Secrets kept in this process's memory only, forgotten when it exits: for the demo, which
 * must never write a key into the user's real keychain.
 */
export function memorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, secret) => {
      secrets.set(account, secret);
    },
    delete: async (account) => secrets.delete(account),
  };
}
