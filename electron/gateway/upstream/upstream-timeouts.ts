import type { UpstreamOptions } from './upstream-client.ts';

type Timeouts = Pick<UpstreamOptions, 'connectTimeoutMs' | 'headersTimeoutMs' | 'bodyTimeoutMs'>;

const VARIABLES: Record<keyof Timeouts, string> = {
  connectTimeoutMs: 'MODEL_GATEWAY_UPSTREAM_CONNECT_TIMEOUT_MS',
  headersTimeoutMs: 'MODEL_GATEWAY_UPSTREAM_HEADERS_TIMEOUT_MS',
  bodyTimeoutMs: 'MODEL_GATEWAY_UPSTREAM_BODY_TIMEOUT_MS',
};

/**
 * The upstream timeouts a process was given in its environment (milliseconds; unset or invalid
 * values keep the client's defaults: connect 10 s, headers and body silence 300 s each). A
 * machine behind a slow proxy can raise them; tests lower them so a stalled upstream fails fast.
 */
export function upstreamTimeoutsFromEnv(env: NodeJS.ProcessEnv): Timeouts {
  const out: Timeouts = {};
  for (const [option, variable] of Object.entries(VARIABLES) as [keyof Timeouts, string][]) {
    const value = Number(env[variable]);
    if (env[variable] !== undefined && Number.isInteger(value) && value > 0) out[option] = value;
  }
  return out;
}
