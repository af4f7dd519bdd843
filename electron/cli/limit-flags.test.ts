import { describe, expect, it } from 'vitest';
import { NO_LIMITS } from '../../shared/no-limits.ts';
import { applyLimitFlags, changesLimits } from './limit-flags.ts';
import { InputError } from './usage-error.ts';

const current = { ...NO_LIMITS, dailyUsd: 5, rpm: 60, models: ['sim-chat'] };

describe('applyLimitFlags', () => {
  it('sets the fields given and keeps the others', () => {
    expect(
      applyLimitFlags(current, { 'weekly-usd': '$20', tpm: '100000', 'then-route': 'cheap' }),
    ).toEqual({ ...current, weeklyUsd: 20, tpm: 100_000, thenRoute: 'cheap' });
  });

  it('clears one field with none, and all with --clear before the others apply', () => {
    expect(applyLimitFlags(current, { rpm: 'none', models: 'None' })).toEqual({
      ...current,
      rpm: null,
      models: null,
    });
    expect(applyLimitFlags(current, { clear: true })).toEqual(NO_LIMITS);
    expect(applyLimitFlags(current, { clear: true, 'monthly-usd': '50' })).toEqual({
      ...NO_LIMITS,
      monthlyUsd: 50,
    });
  });

  it('reads a model list separated by commas, without blanks or repeats', () => {
    expect(applyLimitFlags(NO_LIMITS, { models: ' a, b,,a ' }).models).toEqual(['a', 'b']);
    expect(() => applyLimitFlags(NO_LIMITS, { models: ' , ' })).toThrow(/--models takes/);
  });

  it('refuses a budget that is not a positive amount, naming the flag and the value', () => {
    for (const bad of ['abc', '-1', '0', '', 'Infinity'])
      expect(() => applyLimitFlags(NO_LIMITS, { 'daily-usd': bad })).toThrow(
        new InputError(`--daily-usd must be a number of dollars above 0, not '${bad}'.`),
      );
    expect(() => applyLimitFlags(NO_LIMITS, { 'monthly-usd': '2000000' })).toThrow(
      '--monthly-usd: at most 1,000,000.',
    );
  });

  it('refuses a rate that is not a whole number above 0', () => {
    expect(() => applyLimitFlags(NO_LIMITS, { rpm: '1.5' })).toThrow(
      "--rpm must be a whole number above 0, not '1.5'.",
    );
    expect(() => applyLimitFlags(NO_LIMITS, { tpm: '-3' })).toThrow(/--tpm must be a whole number/);
  });

  it('refuses a then-route name the app would refuse', () => {
    expect(() => applyLimitFlags(NO_LIMITS, { 'then-route': 'two words' })).toThrow(
      /^--then-route: must not hold spaces/,
    );
  });
});

describe('changesLimits', () => {
  it('is false when the command only shows the limits', () => {
    expect(changesLimits({})).toBe(false);
    expect(changesLimits({ clear: false })).toBe(false);
    expect(changesLimits({ clear: true })).toBe(true);
    expect(changesLimits({ rpm: 'none' })).toBe(true);
    expect(changesLimits({ 'then-route': 'x' })).toBe(true);
  });
});
