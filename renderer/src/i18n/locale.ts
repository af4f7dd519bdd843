import { i18n } from './i18n.ts';

/**
 * The UI's language as a tag for `Intl` ("en", "zh-CN"), so numbers, dates and money follow the
 * language the words are in rather than the system's locale. English until i18n has started.
 */
export function currentLocale(): string {
  return i18n.language || 'en';
}
