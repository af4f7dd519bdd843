import { randomBytes } from 'node:crypto';
import { readCapped } from '../gateway/upstream/read-capped.ts';
import type { UpstreamClient } from '../gateway/upstream/upstream-client.ts';
import type { ProbeOutcome } from './upstream-health-classify.ts';

/** A catalog far beyond any real one is cut (and then is no model list) rather than buffered. */
const MAX_PROBE_BYTES = 32 * 1024 * 1024;

const firstHeader = (value: string | string[] | undefined): string | null =>
  (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * `GET /v1/models` with the gateway's own upstream client (its pool, its key), as a client's
 * model list would go. The answer comes back with the key scrubbed from it; nothing is logged.
 */
export async function probeUpstream(
  client: UpstreamClient,
  timeoutMs: number,
): Promise<ProbeOutcome> {
  try {
    const response = await client.request({
      method: 'GET',
      path: '/v1/models',
      requestId: `req_health_${randomBytes(8).toString('hex')}`,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const { bytes } = await readCapped(response.body, MAX_PROBE_BYTES);
    return {
      kind: 'answer',
      status: response.statusCode,
      body: client.scrub(bytes.toString('utf8')),
      retryAfter: firstHeader(response.headers['retry-after']),
    };
  } catch (error) {
    return { kind: 'failed', error, timeoutMs };
  }
}
