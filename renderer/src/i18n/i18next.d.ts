import 'i18next';
import type en from './locales/en.json';

// Keys are checked by the compiler against the English catalog; the catalogs' key sets are
// kept equal by `npm run lint:i18n`.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
