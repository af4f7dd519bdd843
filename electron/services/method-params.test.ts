import { describe, expect, it } from 'vitest';
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
    expect(problem('logs.search', { filter: { status: 'bad' }, limit: 10, offset: 0 })).toMatch(
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

  it('never echoes a key it refuses', () => {
    expect(problem('key.set', { profileId: 'p', key: 42 })).not.toContain('42');
  });
});
