import { describe, expect, it } from 'vitest';
import { NO_LIMITS } from '../../shared/no-limits.ts';
import { limitsSummary, limitsTable } from './describe-limits.ts';

describe('limitsSummary', () => {
  it('says each limit a token has in a few words, and - for none', () => {
    expect(limitsSummary(undefined)).toBe('-');
    expect(limitsSummary(NO_LIMITS)).toBe('-');
    expect(limitsSummary({ ...NO_LIMITS, dailyUsd: 5, rpm: 60 })).toBe('$5/day, 60 rpm');
    expect(
      limitsSummary({
        dailyUsd: 2.5,
        weeklyUsd: 10,
        monthlyUsd: 30,
        rpm: null,
        tpm: 100_000,
        models: ['a', 'b', 'c', 'd'],
        thenRoute: 'cheap',
      }),
    ).toBe('$2.5/day, $10/week, $30/month, 100000 tpm, only 4 models, then cheap');
    expect(limitsSummary({ ...NO_LIMITS, models: ['a', 'coding'] })).toBe('only a coding');
  });
});

describe('limitsTable', () => {
  it('lists every limit, and what happens once a budget is spent', () => {
    const table = limitsTable('editor', { ...NO_LIMITS, dailyUsd: 5 });
    expect(table).toContain("Limits of token 'editor':");
    expect(table).toMatch(/daily budget\s+\$5\n/);
    expect(table).toMatch(/requests\/minute\s+none\n/);
    expect(table).toMatch(/models\s+any\n/);
    expect(table).toMatch(/then route\s+none \(once a budget is spent, requests are refused/);
    expect(limitsTable('editor', { ...NO_LIMITS, thenRoute: 'cheap' })).toMatch(
      /then route\s+cheap \(once a budget is spent, requests go to this route/,
    );
  });
});
