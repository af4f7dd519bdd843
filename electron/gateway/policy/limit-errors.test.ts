import { describe, expect, it } from 'vitest';
import { limitRefusalError, modelNotAllowedError } from './limit-errors.ts';

const now = new Date(2026, 10, 27, 21, 0).getTime();
const midnight = new Date(2026, 10, 28, 0, 0).getTime();

describe('limit errors', () => {
  it('a spent budget is out of credit, with the token, the numbers and the reset', () => {
    const error = limitRefusalError(
      {
        kind: 'budget',
        period: 'day',
        limitUsd: 5,
        spentUsd: 5.02,
        reservedUsd: 0.1,
        resetsAt: midnight,
      },
      'codex',
      now,
    );
    expect(error.status).toBe(429);
    expect(error.outOfCredit).toBe(true);
    expect(error.code).toBe('insufficient_quota');
    expect(error.message).toContain("Local token 'codex' has used its daily budget");
    expect(error.message).toContain('$5.02 spent of $5.00');
    expect(error.message).toContain('$0.1000 is held');
    expect(error.message).toContain('resets at 2026-11-28 00:00 (in 3 h 0 min)');
    expect(error.message).toContain('model-gateway token limit codex --daily-usd N');
    expect(error.retryAfterSeconds).toBe(3 * 3600);
    expect(error.headers['x-should-retry']).toBe('false');
  });

  it('a per-minute limit is a rate limit with Retry-After', () => {
    const error = limitRefusalError(
      { kind: 'rate', limit: 'rpm', max: 60, used: 60, resetsAt: now + 12_500 },
      'editor',
      now,
    );
    expect(error.status).toBe(429);
    expect(error.outOfCredit).toBe(false);
    expect(error.retryAfterSeconds).toBe(13);
    expect(error.message).toContain('limit of 60 requests per minute');
  });

  it('names what a token may use when it asks for something else', () => {
    const error = modelNotAllowedError('codex', 'gpt-5', ['sim-chat', 'coding']);
    expect(error.status).toBe(403);
    expect(error.message).toContain("may not use 'gpt-5'");
    expect(error.message).toContain('sim-chat, coding');
  });
});
