import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'electron/**/*.test.ts',
      'shared/**/*.test.ts',
      'test/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
    ],
    // Every node_modules, not only the root one: test/agents has its own, and packages there
    // ship *.test.ts files of their own (node-pty).
    exclude: ['test/e2e/**', '**/node_modules/**'],
    // A private D-Bus session with an unlocked GNOME Keyring for the keychain tests (Linux).
    globalSetup: ['test/global-setup.ts'],
    // The renderer's texts in English, as the app shows them on an English system.
    setupFiles: ['test/renderer/english-ui.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores: integration suites start real servers, keep parallelism modest.
    maxWorkers: 2,
  },
});
