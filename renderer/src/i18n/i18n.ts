import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  isLanguageChoice,
  LANGUAGES,
  resolveLanguage,
  type Language,
  type LanguageChoice,
} from '../../../shared/ui-languages.ts';

const STORAGE_KEY = 'model-gateway.language';

/**
 * The renderer's one i18next instance; components read it through react-i18next's hooks, the
 * formatters outside React through `locale.ts`.
 */
export const i18n = i18next.createInstance();

/**
 * Starts i18n in the language last chosen (kept locally, as the theme is, so the first paint
 * does not wait for the settings), or the system's. Only that language's catalog is loaded:
 * each is its own chunk, and the check in `npm test` keeps both complete, so there is no
 * fallback catalog to fetch as well.
 */
export async function startI18n(): Promise<void> {
  await i18n
    .use(resourcesToBackend((language: string) => import(`./locales/${language}.json`)))
    .use(initReactI18next)
    .init({
      lng: resolveLanguage(storedChoice(), navigator.languages),
      supportedLngs: LANGUAGES,
      fallbackLng: false,
      load: 'currentOnly',
      // React escapes what it renders.
      interpolation: { escapeValue: false },
    });
  document.documentElement.lang = i18n.language;
}

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

function storedChoice(): LanguageChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguageChoice(value) ? value : 'system';
  } catch {
    return 'system';
  }
}
