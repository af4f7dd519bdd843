import i18next from 'i18next';
import {
  isLanguageChoice,
  resolveLanguage,
  type Language,
  type LanguageChoice,
} from '../../../shared/ui-languages.ts';
import type { PageSection } from './catalog-parts.ts';

const STORAGE_KEY = 'model-gateway.language';

/**
 * The renderer's one i18next instance; components read it through react-i18next's hooks, the
 * formatters outside React through `locale.ts`.
 */
export const i18n = i18next.createInstance();

/** Switches to the chosen language (no restart) and remembers the choice for the next start. */
export async function applyLanguage(choice: LanguageChoice): Promise<Language> {
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage can be unavailable (private modes); the language still applies for this session.
  }
  const language = resolveLanguage(choice, navigator.languages);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  return language;
}

export function storedChoice(): LanguageChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguageChoice(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

/**
 * A page's module, once the catalog sections it reads have loaded too (in parallel): its own,
 * and another page's where it shows that page's parts (the first run shows Settings' profile
 * fields). `test/renderer/page-texts.test.ts` checks the list against what the page's modules read. A later
 * language switch reloads every section loaded so far.
 */
export async function withPageTexts<T>(
  sections: PageSection | readonly PageSection[],
  load: () => Promise<T>,
): Promise<T> {
  const [module] = await Promise.all([load(), i18n.loadNamespaces(sections)]);
  return module;
}
