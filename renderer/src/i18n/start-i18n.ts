import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { loadCatalogPart, shellSections } from 'virtual:ui-catalogs';
import { LANGUAGES, resolveLanguage } from '../../../shared/ui-languages.ts';
import { partOf } from './catalog-parts.ts';
import { i18n, storedChoice } from './i18n.ts';

/**
 * Starts i18n in the language last chosen (kept locally, as the theme is, so the first paint
 * does not wait for the settings), or the system's. Only that language is loaded, and of it
 * only the shell's sections: a page's own section comes with the page (`withPageTexts`). Each
 * top-level section of the catalog is an i18next namespace, named by the key's first segment
 * (`nsSeparator` is the key separator), so keys read `chat.send` everywhere as before. The check
 * in `npm test` keeps both catalogs complete, so there is no fallback catalog to fetch as well.
 */
export async function startI18n(): Promise<void> {
  await i18n
    .use(
      resourcesToBackend(async (language: string, section: string) => {
        const where = partOf(section);
        // The main process's own sections are in no part the renderer has.
        if (where === 'main') return { default: {} };
        const part = await loadCatalogPart(language, where);
        // Wrapped: the backend takes a result's `default` for a module's, which a section with a
        // key named "default" would otherwise be mistaken for.
        return { default: part[section] ?? {} };
      }),
    )
    .use(initReactI18next)
    .init({
      lng: resolveLanguage(storedChoice(), navigator.languages),
      supportedLngs: LANGUAGES,
      fallbackLng: false,
      load: 'currentOnly',
      ns: shellSections,
      defaultNS: 'common',
      nsSeparator: '.',
      // React escapes what it renders.
      interpolation: { escapeValue: false },
    });
  document.documentElement.lang = i18n.language;
}
