import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, retryAfterMillis, retryDelayMs } from './retry-policy.ts';

const policy = DEFAULT_RETRY_POLICY;
const mid = () => 0.5;

describe('retryDelayMs', () => {
  it('retries 429 and 503, not other statuses that may have produced a generation', () => {
    expect(retryDelayMs(policy, 0, { kind: 'status', status: 429 }, mid)).not.toBeNull();
    expect(retryDelayMs(policy, 0, { kind: 'status', status: 503 }, mid)).not.toBeNull();
    for (const status of [400, 401, 404, 500, 502, 504]) {
      expect(retryDelayMs(policy, 0, { kind: 'status', status }, mid)).toBeNull();
    }
  });

  it('retries a connection that was never established', () => {
    expect(retryDelayMs(policy, 0, { kind: 'connect-failed' }, mid)).not.toBeNull();
  });

  it('stops after maxRetries', () => {
    expect(
      retryDelayMs(policy, policy.maxRetries, { kind: 'status', status: 429 }, mid),
    ).toBeNull();
  });

  it('backs off exponentially with jitter, capped', () => {
    const lo = () => 0;
    const hi = () => 0.999999;
    expect(retryDelayMs(policy, 0, { kind: 'connect-failed' }, lo)).toBe(125);
    expect(retryDelayMs(policy, 1, { kind: 'connect-failed' }, lo)).toBe(250);
    expect(
      retryDelayMs({ ...policy, maxRetries: 10 }, 9, { kind: 'connect-failed' }, hi),
    ).toBeLessThanOrEqual(4000);
  });

  it('honours Retry-After up to the cap, and gives up beyond it', () => {
    const delay = retryDelayMs(
      policy,
      0,
      { kind: 'status', status: 429, retryAfter: '2' },
      () => 0,
    );
    expect(delay).toBe(2000);
    expect(
      retryDelayMs(policy, 0, { kind: 'status', status: 429, retryAfter: '60' }, mid),
    ).toBeNull();
    expect(
      retryDelayMs(
        policy,
        0,
        { kind: 'status', status: 429, retryAfter: '1', retryAfterMs: '300' },
        () => 0,
      ),
    ).toBe(300);
  });
});

describe('retryAfterMillis', () => {
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(retryAfterMillis('3')).toBe(3000);
    expect(retryAfterMillis(undefined, '150')).toBe(150);
    expect(
      retryAfterMillis(
        'Wed, 21 Oct 2015 07:28:10 GMT',
        undefined,
        Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'),
      ),
    ).toBe(10_000);
    expect(retryAfterMillis('soon')).toBeUndefined();
    expect(retryAfterMillis(undefined)).toBeUndefined();
  });
});
