import { describe, expect, it } from 'vitest';
import { defaultDataDir } from './data-dir.ts';
import { parseSince } from './parse-since.ts';

describe('parseSince', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('reads relative spans and dates', () => {
    expect(parseSince('24h', now)).toBe(Date.parse('2026-11-20T12:00:00Z'));
    expect(parseSince('7d', now)).toBe(Date.parse('2026-11-14T12:00:00Z'));
    expect(parseSince('30m', now)).toBe(now - 1_800_000);
    expect(parseSince('2026-11-01', now)).toBe(Date.parse('2026-11-01'));
  });
  it('refuses anything else with a message saying what it takes', () => {
    expect(() => parseSince('yesterday', now)).toThrow(/30m, 24h, 7d/);
  });
});

describe('defaultDataDir', () => {
  it('follows the platform’s convention for app data', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/x/model-gateway');
    expect(defaultDataDir({ APPDATA: 'C:\\\\A' }, 'win32')).toMatch(/model-gateway$/);
  });
});
