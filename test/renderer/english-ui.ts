import { initReactI18next } from 'react-i18next';
import { i18n } from '../../renderer/src/i18n/i18n.ts';
import en from '../../renderer/src/i18n/locales/en.json' with { type: 'json' };

// Unit tests read the UI in English, from the catalog itself (the app loads it as a chunk).
await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en } },
  fallbackLng: false,
  interpolation: { escapeValue: false },
});
