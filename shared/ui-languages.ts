import type { AppSettings } from './contract.ts';

/** The UI's catalogs. Chinese is Simplified; other languages read English. */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export type LanguageChoice = AppSettings['language'];

/**
 * The first of the system's preferred languages (`navigator.languages`, which Electron takes
 * from the OS) that has a catalog. Chinese in any region or script gets the Simplified catalog:
 * closer to a Traditional Chinese reader than English is.
 */
export function systemLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'en') return 'en';
    if (primary === 'zh') return 'zh-CN';
  }
  return 'en';
}

export function resolveLanguage(choice: LanguageChoice, preferred: readonly string[]): Language {
  return choice === 'system' ? systemLanguage(preferred) : choice;
}

export function isLanguageChoice(value: unknown): value is LanguageChoice {
  return value === 'system' || (LANGUAGES as readonly unknown[]).includes(value);
}
