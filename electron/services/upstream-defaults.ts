import type { UpstreamDefaults } from '../../shared/contract.ts';
import { UPSTREAM_KEY_ENV } from '../secrets/env-key.ts';

const value = (text: string | undefined): string | null => text?.trim() || null;

/**
 * The upstream the environment names, read as `serve` reads it (`MODEL_GATEWAY_UPSTREAM`,
 * `MODEL_GATEWAY_PRICING_URL`), for the first-run form to start from. Of the key, only whether
 * `MODEL_GATEWAY_UPSTREAM_KEY` is set: its value stays in the main process.
 */
export function upstreamDefaults(env: NodeJS.ProcessEnv): UpstreamDefaults {
  return {
    baseUrl: value(env.MODEL_GATEWAY_UPSTREAM),
    pricingUrl: value(env.MODEL_GATEWAY_PRICING_URL),
    keyInEnvironment: value(env[UPSTREAM_KEY_ENV]) !== null,
  };
}
