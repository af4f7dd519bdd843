import { describe, expect, it } from 'vitest';
import { baseUrlProblem, normalizeOrigin } from './url-check.ts';

describe('baseUrlProblem', () => {
  it('accepts http(s) URLs and explains the rest', () => {
    expect(baseUrlProblem('https://gateway.example.com')).toBe(null);
    expect(baseUrlProblem('')).toMatch(/Enter/);
    expect(baseUrlProblem('ftp://x')).toMatch(/http/);
    expect(baseUrlProblem('gateway.example.com')).toMatch(/not a URL/);
  });
});

describe('normalizeOrigin', () => {
  it('keeps scheme, host and port only', () => {
    expect(normalizeOrigin('https://app.example.com/path/')).toBe('https://app.example.com');
    expect(normalizeOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normalizeOrigin('app.example.com')).toBe(null);
  });
});
