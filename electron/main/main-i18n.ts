import i18next, { type TFunction } from 'i18next';
import en from '../../renderer/src/i18n/locales/en.json' with { type: 'json' };
import zh from '../../renderer/src/i18n/locales/zh-CN.json' with { type: 'json' };
import {
  LANGUAGES,
  resolveLanguage,
  type Language,
  type LanguageChoice,
} from '../../shared/ui-languages.ts';

/** The main process's words (tray, notices, dialogs), in the language the user chose. */
export interface MainI18n {
  /** Translates in the current language; the same function across changes. */
  t: TFunction;
  language(): Language;
  /** Switches to `choice`, the system's language for 'system'; returns the language now used. */
  choose(choice: LanguageChoice): Language;
}

/**
 * One i18next instance for the main process, reading the renderer's own catalogs (one set to
 * keep complete, checked by `npm run lint:i18n`). Both are bundled: the main process has no page
 * to keep light, and a switch then needs no loading. `preferred` are the OS's languages, most
 * preferred first (Electron's `app.getPreferredSystemLanguages()`).
 */
export function createMainI18n(preferred: () => readonly string[]): MainI18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: resolveLanguage('system', preferred()),
    supportedLngs: LANGUAGES,
    fallbackLng: false,
    resources: { en: { translation: en }, 'zh-CN': { translation: zh } },
    // Resources are in memory: ready at once, so the first tray is drawn in the right words.
    initAsync: false,
    // Menus, tooltips and dialogs are plain text, not HTML.
    interpolation: { escapeValue: false },
  });
  return {
    t: instance.t,
    language: () => instance.language as Language,
    choose: (choice) => {
      const language = resolveLanguage(choice, preferred());
      // With the catalogs in memory the switch is done when this returns.
      if (instance.language !== language) void instance.changeLanguage(language);
      return language;
    },
  };
}
