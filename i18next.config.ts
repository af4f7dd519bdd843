import { defineConfig } from 'i18next-cli';

// `npm run lint:i18n` (in `npm test`): fails when a key the app uses is missing from a catalog,
// or a catalog holds a key nothing uses (`extract --ci` would change the files). The renderer,
// the main process (tray, notices, dialogs) and the shared wording read the same catalogs, and
// the services, store, keychain and tool connectors name the texts of their errors with
// `errorText('errors.…')` (shared/error-text.ts). The CLI and the gateway's API errors stay
// English, so electron/cli and electron/gateway are not read.
export default defineConfig({
  locales: ['en', 'zh-CN'],
  extract: {
    input: [
      'renderer/src/**/*.{ts,tsx}',
      'electron/main/**/*.ts',
      'shared/**/*.ts',
      'electron/services/**/*.ts',
      'electron/store/**/*.ts',
      'electron/secrets/**/*.ts',
      'electron/connectors/**/*.ts',
      'electron/updates/**/*.ts',
    ],
    ignore: [
      'renderer/src/**/*.test.{ts,tsx}',
      'electron/main/**/*.test.ts',
      'shared/**/*.test.ts',
      'electron/services/**/*.test.ts',
      'electron/store/**/*.test.ts',
      'electron/secrets/**/*.test.ts',
      'electron/connectors/**/*.test.ts',
      'electron/updates/**/*.test.ts',
    ],
    functions: ['t', '*.t', 'errorText'],
    output: 'renderer/src/i18n/locales/{{language}}.json',
    primaryLanguage: 'en',
    defaultNS: false,
    removeUnusedKeys: true,
    sort: true,
    indentation: 2,
  },
});
