import { defineConfig } from 'i18next-cli';

// `npm run lint:i18n` (in `npm test`): fails when a key the renderer uses is missing from a
// catalog, or a catalog holds a key nothing uses (`extract --ci` would change the files).
export default defineConfig({
  locales: ['en', 'zh-CN'],
  extract: {
    input: ['renderer/src/**/*.{ts,tsx}'],
    ignore: ['renderer/src/**/*.test.{ts,tsx}'],
    output: 'renderer/src/i18n/locales/{{language}}.json',
    primaryLanguage: 'en',
    defaultNS: false,
    removeUnusedKeys: true,
    sort: true,
    indentation: 2,
  },
});
