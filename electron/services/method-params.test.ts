import { describe, expect, it } from 'vitest';
import { logSearchParamsSchema, modelOverrideParamsSchema } from '../../shared/contract-schemas.ts';
import { describeIssues, METHOD_PARAMS } from './method-params.ts';

const problem = (method: keyof typeof METHOD_PARAMS, params: unknown): string | null => {
  const result = METHOD_PARAMS[method].safeParse(params);
  return result.success ? null : describeIssues(result.error.issues);
};

describe('method params', () => {
  it('names the field that is wrong', () => {
    expect(problem('settings.update', { port: 0 })).toBe('port: must be from 1 to 65535');
    expect(problem('settings.update', { theme: 'blue' })).toMatch(/^theme:/);
    expect(problem('profiles.save', { name: ' ', baseUrl: 'https://x', pricingUrl: null })).toBe(
      'name: must not be empty',
    );
    expect(problem('logs.search', { filter: { status: 'bad' }, limit: 10 })).toMatch(
      /^filter\.status:/,
    );
  });

  it('refuses unknown fields instead of ignoring a typo', () => {
    expect(problem('chat.update', { id: 'c', titel: 'x' })).toMatch(/titel/);
  });

  it('accepts origins only as scheme, host and port', () => {
    expect(problem('settings.update', { allowedOrigins: ['http://localhost:3000'] })).toBeNull();
    for (const bad of ['localhost:3000', 'http://x/', 'http://x/path', 'file:///x'])
      expect(problem('settings.update', { allowedOrigins: [bad] })).toMatch(/^allowedOrigins\.0:/);
  });

  it('lets methods without params, or with optional ones only, be called without any', () => {
    expect(problem('app.status', undefined)).toBeNull();
    expect(problem('models.list', undefined)).toBeNull();
    expect(problem('usage.totals', null)).toBeNull();
  });

  it('refuses a tariff with a negative ratio, a wrong kind or a field of the other kind', () => {
    const override = (tariff: unknown) =>
      problem('models.setOverride', { modelId: 'm', override: { tariff } });
    const tokens = {
      kind: 'tokens',
      modelRatio: 1,
      completionRatio: 2,
      cacheRatio: 1,
      groupRatio: 1,
    };
    expect(override(tokens)).toBeNull();
    expect(override(null)).toBeNull();
    expect(override({ ...tokens, completionRatio: -2 })).toBe(
      'override.tariff.completionRatio: must be 0 or more',
    );
    expect(override({ ...tokens, kind: 'per-token' })).toMatch(/^override\.tariff\.kind:/);
    expect(override({ kind: 'per-call', modelPrice: 0.1, groupRatio: 1, modelRatio: 1 })).toMatch(
      /^override\.tariff: .*modelRatio/,
    );
    expect(override({ kind: 'per-call', modelPrice: Number.NaN, groupRatio: 1 })).toMatch(
      /^override\.tariff\.modelPrice:/,
    );
  });

  it('checks with the contract’s own schemas', () => {
    expect(METHOD_PARAMS['models.setOverride']).toBe(modelOverrideParamsSchema);
    expect(METHOD_PARAMS['logs.search']).toBe(logSearchParamsSchema);
  });

  it('never echoes a key it refuses', () => {
    expect(problem('key.set', { profileId: 'p', key: 42 })).not.toContain('42');
  });
});
