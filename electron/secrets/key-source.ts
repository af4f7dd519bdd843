import type { KeySource } from '../../shared/contract.ts';
import { envKeyProvider } from './env-key.ts';
import type { KeyProvider, UpstreamKeyStore } from './upstream-key.ts';

/**
 * The environment wins over the keychain: it is how headless runs and CI supply the key, and
 * setting it is a deliberate override. When it is set, the keychain is not touched at all, so a
 * machine without a Secret Service still works.
 */
export function selectKeyProvider(
  keys: UpstreamKeyStore,
  profileId: string,
  env: NodeJS.ProcessEnv = process.env,
): KeyProvider {
  return envKeyProvider(env) ?? keys.keyProvider(profileId);
}

/** Rejects with KeychainUnavailableError when the keychain cannot be asked; the UI shows why. */
export async function describeKeySource(
  keys: UpstreamKeyStore,
  profileId: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<KeySource> {
  if (envKeyProvider(env)) return 'environment';
  return (await keys.hasKey(profileId)) ? 'keychain' : 'none';
}
