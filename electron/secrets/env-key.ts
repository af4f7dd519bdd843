import type { KeyProvider } from './upstream-key.ts';
import { InvalidUpstreamKeyError, validateUpstreamKey } from './upstream-key-format.ts';

export const UPSTREAM_KEY_ENV = 'MODEL_GATEWAY_UPSTREAM_KEY';

/**
 * The headless key source: the key comes from the environment, is held in this closure only and
 * is never written to the keychain or anywhere else. Null when the variable is unset or blank.
 * Throws InvalidUpstreamKeyError at once when it is malformed, rather than on the first request.
 */
export function envKeyProvider(env: NodeJS.ProcessEnv = process.env): KeyProvider | null {
  // Surrounding whitespace is trimmed: env files and `export X="$(cat key)\n"` easily add some.
  const key = env[UPSTREAM_KEY_ENV]?.trim();
  if (!key) return null;
  try {
    validateUpstreamKey(key);
  } catch (error) {
    if (error instanceof InvalidUpstreamKeyError)
      throw new InvalidUpstreamKeyError(`${UPSTREAM_KEY_ENV}: ${error.message}`);
    throw error;
  }
  return () => Promise.resolve(key);
}
