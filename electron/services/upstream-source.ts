import type { KeySource, UpstreamProfile } from '../../shared/contract.ts';
import { envKeyProvider, UPSTREAM_KEY_ENV } from '../secrets/env-key.ts';
import { KeychainUnavailableError } from '../secrets/keychain-error.ts';
import type { KeyProvider, UpstreamKeyStore } from '../secrets/upstream-key.ts';
import type { Store } from '../store/index.ts';
import { errorText, type ErrorText } from '../../shared/error-text.ts';

/** Why the gateway cannot reach an upstream yet, in the contract's codes. */
type UpstreamProblemCode = 'no_upstream' | 'no_key' | 'keychain_unavailable';

export interface UpstreamConfig {
  baseUrl: string;
  pricingUrl: string | null;
  key: KeyProvider;
}

/** The active profile and its key, or why they cannot be used. Never holds the key itself. */
export type UpstreamSource =
  | {
      kind: 'ready';
      profile: UpstreamProfile;
      keySource: 'environment' | 'keychain';
      config: UpstreamConfig;
    }
  | {
      kind: 'problem';
      profile: UpstreamProfile | null;
      keySource: KeySource;
      code: UpstreamProblemCode;
      message: string;
      /** The message's catalog text, for the UI's language. */
      i18n?: ErrorText;
      /** The keychain's own explanation, when the keychain is the problem. */
      keychainProblem: string | null;
    };

/** The profile's pricing URL, or the upstream's documented default path. */
export const pricingUrlOf = (profile: UpstreamProfile): string =>
  profile.pricingUrl ?? '/api/pricing';

/**
 * The key for a profile: `MODEL_GATEWAY_UPSTREAM_KEY` wins and the keychain is then not touched
 * at all (headless machines without a Secret Service work); else the profile's keychain entry.
 */
export async function keyFor(
  profile: UpstreamProfile,
  env: NodeJS.ProcessEnv,
  keys: UpstreamKeyStore,
): Promise<
  | { kind: 'ready'; keySource: 'environment' | 'keychain'; key: KeyProvider }
  | { kind: 'problem'; code: 'no_key' | 'keychain_unavailable'; message: string; i18n?: ErrorText }
> {
  let fromEnv: KeyProvider | null;
  try {
    fromEnv = envKeyProvider(env);
  } catch (error) {
    // A malformed variable is a missing key with a reason, not a crash of the app.
    return {
      kind: 'problem',
      code: 'no_key',
      message: (error as Error).message,
      i18n: errorText('settings.errors.key.envInvalid', { detail: (error as Error).message }),
    };
  }
  if (fromEnv) return { kind: 'ready', keySource: 'environment', key: fromEnv };
  try {
    if (await keys.hasKey(profile.id))
      return { kind: 'ready', keySource: 'keychain', key: keys.keyProvider(profile.id) };
  } catch (error) {
    if (error instanceof KeychainUnavailableError)
      return {
        kind: 'problem',
        code: 'keychain_unavailable',
        message: error.message,
        ...(error.i18n ? { i18n: error.i18n } : {}),
      };
    throw error;
  }
  return {
    kind: 'problem',
    code: 'no_key',
    message: `No upstream key is stored for profile '${profile.name}'. Enter the key in Settings (it is kept in the OS keychain), or set ${UPSTREAM_KEY_ENV}.`,
    i18n: errorText('settings.errors.key.missing', {
      profile: profile.name,
      env: UPSTREAM_KEY_ENV,
    }),
  };
}

/** What the gateway should use now: the active profile and its key. */
export async function resolveUpstreamSource(
  store: Store,
  env: NodeJS.ProcessEnv,
  keys: UpstreamKeyStore,
): Promise<UpstreamSource> {
  const profile = store.profiles.getActive();
  if (!profile) {
    return {
      kind: 'problem',
      profile: null,
      keySource: env[UPSTREAM_KEY_ENV]?.trim() ? 'environment' : 'none',
      code: 'no_upstream',
      message: 'No upstream is set up yet. Add an upstream profile (its base URL) and its key.',
      i18n: errorText('errors.upstream.notSetUp'),
      keychainProblem: null,
    };
  }
  const key = await keyFor(profile, env, keys);
  if (key.kind === 'ready')
    return {
      kind: 'ready',
      profile,
      keySource: key.keySource,
      config: { baseUrl: profile.baseUrl, pricingUrl: pricingUrlOf(profile), key: key.key },
    };
  return {
    kind: 'problem',
    profile,
    keySource: 'none',
    code: key.code,
    message: key.message,
    ...(key.i18n ? { i18n: key.i18n } : {}),
    keychainProblem: key.code === 'keychain_unavailable' ? key.message : null,
  };
}
