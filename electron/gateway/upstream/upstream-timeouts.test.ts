import { describe, expect, it } from 'vitest';
import { upstreamTimeoutsFromEnv } from './upstream-timeouts.ts';

describe('upstreamTimeoutsFromEnv', () => {
  it('reads positive whole milliseconds and ignores the rest', () => {
    expect(
      upstreamTimeoutsFromEnv({
        MODEL_GATEWAY_UPSTREAM_CONNECT_TIMEOUT_MS: '250',
        MODEL_GATEWAY_UPSTREAM_HEADERS_TIMEOUT_MS: 'soon',
        MODEL_GATEWAY_UPSTREAM_BODY_TIMEOUT_MS: '0',
      }),
    ).toEqual({ connectTimeoutMs: 250 });
    expect(upstreamTimeoutsFromEnv({})).toEqual({});
  });
});
