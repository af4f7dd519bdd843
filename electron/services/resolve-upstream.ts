import { envKeyProvider } from '../secrets/env-key.ts';
import type { KeyProvider, UpstreamKeyStore } from '../secrets/upstream-key.ts';
import type { Store } from '../store/index.ts';

export interface UpstreamChoice {
  baseUrl: string;
  pricingUrl: string | null;
  key: KeyProvider;
  keySource: 'environment' | 'keychain';
  profileId: string | null;
}

export class UpstreamNotConfiguredError extends Error {}

/**
 * Which upstream to use, in order: flags, environment, the active profile. The key comes from
 * `MODEL_GATEWAY_UPSTREAM_KEY` (never written anywhere) or else from the keychain entry of the
 * active profile; the keychain is not touched when the environment has the key.
 */
export async function resolveUpstream(input: {
  flagUrl?: string | undefined;
  env: NodeJS.ProcessEnv;
  store: Store;
  keys: () => UpstreamKeyStore;
}): Promise<UpstreamChoice> {
  const profile = input.store.profiles.getActive();
  const baseUrl = input.flagUrl ?? input.env.MODEL_GATEWAY_UPSTREAM ?? profile?.baseUrl;
  if (!baseUrl) {
    throw new UpstreamNotConfiguredError(
      'No upstream configured. Give --upstream URL (or MODEL_GATEWAY_UPSTREAM), or save a profile with `model-gateway key set --upstream URL`.',
    );
  }
  const pricingUrl = input.env.MODEL_GATEWAY_PRICING_URL ?? profile?.pricingUrl ?? '/api/pricing';
  const fromEnv = envKeyProvider(input.env);
  if (fromEnv)
    return {
      baseUrl,
      pricingUrl,
      key: fromEnv,
      keySource: 'environment',
      profileId: profile?.id ?? null,
    };
  if (!profile) {
    throw new UpstreamNotConfiguredError(
      'Set MODEL_GATEWAY_UPSTREAM_KEY to the upstream API key, or store one in the keychain with `model-gateway key set`.',
    );
  }
  const keys = input.keys();
  if (!(await keys.hasKey(profile.id))) {
    throw new UpstreamNotConfiguredError(
      `No key stored for profile '${profile.name}'. Store one with \`model-gateway key set\`, or set MODEL_GATEWAY_UPSTREAM_KEY.`,
    );
  }
  return {
    baseUrl,
    pricingUrl,
    key: keys.keyProvider(profile.id),
    keySource: 'keychain',
    profileId: profile.id,
  };
}
