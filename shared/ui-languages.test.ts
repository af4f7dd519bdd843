import { describe, expect, it } from 'vitest';
import { isLanguageChoice, resolveLanguage, systemLanguage } from './ui-languages.ts';

describe('the UI language', () => {
  it('follows the first preferred language that has a catalog', () => {
    expect(systemLanguage(['zh-CN', 'en-US'])).toBe('zh-CN');
    expect(systemLanguage(['fr-FR', 'zh-Hans-CN', 'en'])).toBe('zh-CN');
    expect(systemLanguage(['de-DE', 'en-GB', 'zh-CN'])).toBe('en');
    expect(systemLanguage(['zh-TW'])).toBe('zh-CN');
  });

  it('falls back to English when no preferred language has a catalog', () => {
    expect(systemLanguage(['fr-FR', 'ja'])).toBe('en');
    expect(systemLanguage([])).toBe('en');
  });

  it('keeps a language chosen in Settings whatever the system prefers', () => {
    expect(resolveLanguage('en', ['zh-CN'])).toBe('en');
    expect(resolveLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('system', ['zh-CN'])).toBe('zh-CN');
  });

  it('tells a stored choice from anything else', () => {
    expect(isLanguageChoice('zh-CN')).toBe(true);
    expect(isLanguageChoice('system')).toBe(true);
    expect(isLanguageChoice('zh')).toBe(false);
    expect(isLanguageChoice(null)).toBe(false);
  });
});
