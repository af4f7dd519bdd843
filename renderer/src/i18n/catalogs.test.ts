import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import zh from './locales/zh-CN.json' with { type: 'json' };

type Catalog = { [key: string]: string | Catalog };

/** Every key of a nested catalog as `a.b.c`, with its text. */
function entries(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of entries(value, path)) out.set(inner, text);
  }
  return out;
}

// A plural's forms are the language's own (English "one" and "other", Chinese "other" only):
// keys are compared without them, and each form against English's "other".
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string): string => key.replace(PLURAL, '');

const variables = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();

// `npm run lint:i18n` checks keys against the code; this checks the texts themselves.
describe('the catalogs', () => {
  const english = entries(en);
  const chinese = entries(zh);

  it('hold the same keys', () => {
    const keys = (catalog: Map<string, string>) =>
      [...new Set([...catalog.keys()].map(base))].sort();
    expect(keys(chinese)).toEqual(keys(english));
  });

  it('have a text for every key, with the same placeholders in both languages', () => {
    for (const [key, text] of english) expect(text.trim(), key).not.toBe('');
    for (const [key, translated] of chinese) {
      const text = english.get(key) ?? english.get(`${base(key)}_other`) ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(variables(translated), key).toEqual(variables(text));
    }
  });
});
