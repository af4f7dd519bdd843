import { randomBytes } from 'node:crypto';
import type { ConnectionTest, UpstreamProfile } from '../../shared/contract.ts';
import { UpstreamClient, UpstreamStatusError } from '../gateway/upstream/upstream-client.ts';
import type { UpstreamKeyStore } from '../secrets/upstream-key.ts';
import { classifyProbe } from './upstream-health-classify.ts';
import { keyFor, pricingUrlOf } from './upstream-source.ts';
import { upstreamMessage, withoutSecret } from './upstream-message.ts';

const TEST_TIMEOUT_MS = 15_000;

/**
 * `upstream.test`: the upstream's model list with the profile's key, as the gateway would ask.
 * Every failure comes back as `ok: false` with the upstream's own words (or what kept the call
 * from being made); the key appears in none of them.
 */
export async function testConnection(
  profile: UpstreamProfile,
  env: NodeJS.ProcessEnv,
  keys: UpstreamKeyStore,
): Promise<ConnectionTest> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const key = await keyFor(profile, env, keys);
  if (key.kind === 'problem')
    return {
      ok: false,
      state: 'not_configured',
      modelCount: 0,
      latencyMs: 0,
      message: key.message,
    };
  let secret: string;
  try {
    secret = await key.key();
  } catch (error) {
    // The keychain locked or emptied between the check and the read.
    return {
      ok: false,
      state: 'not_configured',
      modelCount: 0,
      latencyMs: 0,
      message: (error as Error).message,
    };
  }
  const client = new UpstreamClient({
    baseUrl: profile.baseUrl,
    apiKey: () => secret,
    pricingUrl: pricingUrlOf(profile),
    connectTimeoutMs: TEST_TIMEOUT_MS,
    headersTimeoutMs: TEST_TIMEOUT_MS,
    bodyTimeoutMs: TEST_TIMEOUT_MS,
  });
  try {
    const models = await client.listModels(
      `req_test_${randomBytes(8).toString('hex')}`,
      AbortSignal.timeout(TEST_TIMEOUT_MS),
    );
    const latencyMs = elapsed();
    return {
      ok: true,
      state: 'ok',
      modelCount: models.length,
      latencyMs,
      message: `Connected to ${profile.baseUrl}: ${models.length} model${models.length === 1 ? '' : 's'} visible to this key (${latencyMs} ms).`,
    };
  } catch (error) {
    return {
      ok: false,
      state: failureState(error, profile.baseUrl),
      modelCount: 0,
      latencyMs: elapsed(),
      message: withoutSecret(failureMessage(error, profile.baseUrl), secret),
    };
  } finally {
    void client.destroy();
  }
}

/** The kind of failure, as the background health check sorts it, for the result's heading. */
function failureState(error: unknown, baseUrl: string): Exclude<ConnectionTest['state'], 'ok'> {
  const { state } = classifyProbe(
    error instanceof UpstreamStatusError
      ? { kind: 'answer', status: error.status, body: error.body, retryAfter: null }
      : { kind: 'failed', error, timeoutMs: TEST_TIMEOUT_MS },
    baseUrl,
  );
  // A 2xx that was no model list is the one answer listModels throws for; never `ok` here.
  return state === 'ok' || state === 'checking' ? 'upstream_error' : state;
}

function failureMessage(error: unknown, baseUrl: string): string {
  if (error instanceof UpstreamStatusError)
    return `The upstream answered ${error.status}: ${upstreamMessage(error.body)}`;
  const code = (error as { code?: unknown } | null)?.code;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || code === 'UND_ERR_CONNECT_TIMEOUT')
    return `No answer from ${baseUrl} within ${TEST_TIMEOUT_MS / 1000} s.`;
  if (code === 'ECONNREFUSED') return `Cannot connect to ${baseUrl}: connection refused.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `Cannot find the host of ${baseUrl} (DNS lookup failed).`;
  if (error instanceof SyntaxError)
    return `${baseUrl}/v1/models did not answer with JSON: is this the upstream's base URL?`;
  const detail = error instanceof Error ? error.message : String(error);
  return `Cannot reach ${baseUrl}: ${detail}${typeof code === 'string' ? ` (${code})` : ''}`;
}
