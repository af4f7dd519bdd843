import {
  startGateway,
  type GatewayOptions,
  type RunningGateway,
} from '../../electron/gateway/server/gateway-server.ts';
import { singleTokenAuthenticator } from '../../electron/gateway/server/local-auth.ts';
import type { RequestRecord } from '../../electron/gateway/server/request-record.ts';
import type { RetryPolicy } from '../../electron/gateway/upstream/retry-policy.ts';
import {
  UpstreamClient,
  type UpstreamOptions,
} from '../../electron/gateway/upstream/upstream-client.ts';

/**
 * An in-process gateway for the reliability suite: short upstream timeouts and retry delays,
 * so a fault that would hang for minutes in production fails within a test's budget, and
 * every request record collected for the metered-once checks.
 */
const RELIABILITY_TOKEN = 'mgw_reliability_token_0123456789';
export const UPSTREAM_KEY = 'sk-upstream-secret-key-must-never-leak-0001';

/** Short enough that a stall ends a test quickly, long enough for a loaded 2-core machine. */
const SHORT_TIMEOUTS = {
  connectTimeoutMs: 1000,
  headersTimeoutMs: 1500,
  bodyTimeoutMs: 1500,
} as const;

export const FAST_RETRY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 20,
  maxDelayMs: 100,
  maxRetryAfterMs: 1500,
};

export interface FixtureOptions {
  upstreamUrl: string;
  upstreamKey?: string;
  upstream?: Partial<Omit<UpstreamOptions, 'baseUrl' | 'apiKey'>>;
  gateway?: Partial<Omit<GatewayOptions, 'upstream' | 'auth'>>;
}

export interface GatewayFixture {
  gateway: RunningGateway;
  upstream: UpstreamClient;
  url: string;
  token: string;
  records: RequestRecord[];
  /** Diagnostics the gateway logged. */
  logLines: string[];
  /** Records of one request id (should be exactly one, once the response has closed). */
  recordsOf(requestId: string): RequestRecord[];
  /** Waits for the record of a request; the record comes after the response closes. */
  recordFor(requestId: string, timeoutMs?: number): Promise<RequestRecord>;
  /** Waits until `count` records exist in all. */
  waitForRecords(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function startFixture(options: FixtureOptions): Promise<GatewayFixture> {
  const records: RequestRecord[] = [];
  const logLines: string[] = [];
  const key = options.upstreamKey ?? UPSTREAM_KEY;
  const upstream = new UpstreamClient({
    baseUrl: options.upstreamUrl,
    apiKey: () => key,
    ...SHORT_TIMEOUTS,
    ...options.upstream,
  });
  const gateway = await startGateway({
    upstream,
    auth: singleTokenAuthenticator(RELIABILITY_TOKEN, 'reliability'),
    port: 0,
    retry: FAST_RETRY,
    onRecord: (record) => records.push(record),
    log: (line) => logLines.push(line),
    ...options.gateway,
  });
  const recordsOf = (id: string): RequestRecord[] => records.filter((r) => r.requestId === id);
  return {
    gateway,
    upstream,
    url: gateway.url,
    token: RELIABILITY_TOKEN,
    records,
    logLines,
    recordsOf,
    async recordFor(id, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = recordsOf(id)[0];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no record for ${id} within ${timeoutMs} ms`);
        await sleep(5);
      }
    },
    async waitForRecords(count, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (records.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${records.length} records, want ${count}, after ${timeoutMs} ms`);
        await sleep(5);
      }
    },
    async close() {
      await gateway.close(500);
    },
  };
}
