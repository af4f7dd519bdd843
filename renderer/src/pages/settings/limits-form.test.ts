import { describe, expect, it } from 'vitest';
import { limitsSetParamsSchema } from '../../../../shared/contract-schemas.ts';
import { checkLimitsForm, formFromLimits, limitsSummary, type LimitsForm } from './limits-form.ts';
import { NO_LIMITS } from '../../../../shared/no-limits.ts';

const EMPTY: LimitsForm = formFromLimits(NO_LIMITS);

describe('the limits form', () => {
  it('saves empty fields as no limit', () => {
    expect(checkLimitsForm(EMPTY)).toEqual({ limits: NO_LIMITS, errors: null });
  });

  it('reads dollars and counts as people type them', () => {
    const checked = checkLimitsForm({
      ...EMPTY,
      dailyUsd: '$5',
      weeklyUsd: '0.50',
      monthlyUsd: '1,000',
      rpm: ' 60 ',
      tpm: '100_000',
      models: ['sim-chat', 'coding'],
      thenRoute: 'cheap',
    });
    expect(checked.limits).toEqual({
      dailyUsd: 5,
      weeklyUsd: 0.5,
      monthlyUsd: 1000,
      rpm: 60,
      tpm: 100_000,
      models: ['sim-chat', 'coding'],
      thenRoute: 'cheap',
    });
    expect(limitsSetParamsSchema.safeParse({ tokenId: 't1', limits: checked.limits }).success).toBe(
      true,
    );
  });

  it('says what is wrong with each field', () => {
    const { errors } = checkLimitsForm({
      ...EMPTY,
      dailyUsd: '0',
      weeklyUsd: 'five',
      monthlyUsd: '2000000',
      rpm: '1.5',
      tpm: '-3',
    });
    expect(errors).toEqual({
      dailyUsd: expect.stringMatching(/above 0/),
      weeklyUsd: expect.stringMatching(/above 0/),
      monthlyUsd: 'At most $1,000,000.',
      rpm: expect.stringMatching(/whole number/),
      tpm: expect.stringMatching(/whole number/),
    });
  });

  it('asks for a budget before a route to go to once it is spent', () => {
    expect(checkLimitsForm({ ...EMPTY, thenRoute: 'cheap' }).errors?.thenRoute).toMatch(
      /set a daily, weekly or monthly budget/,
    );
  });

  it('sums the limits up in one line', () => {
    expect(limitsSummary(NO_LIMITS)).toBe('No limits');
    expect(
      limitsSummary({ ...NO_LIMITS, dailyUsd: 5, rpm: 60, tpm: 100_000, thenRoute: 'cheap' }),
    ).toBe('$5/day · 60 rpm · 100k tpm · then route cheap');
    expect(limitsSummary({ ...NO_LIMITS, monthlyUsd: 12.5, models: ['sim-chat'] })).toBe(
      '$12.50/month · only sim-chat',
    );
    expect(limitsSummary({ ...NO_LIMITS, models: ['a', 'b'] })).toBe('2 models');
  });
});
