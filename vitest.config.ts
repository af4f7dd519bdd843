import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'electron/**/*.test.ts',
      'shared/**/*.test.ts',
      'test/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
    ],
    exclude: ['test/e2e/**', 'node_modules/**'],
    // A private D-Bus session with an unlocked GNOME Keyring for the keychain tests (Linux).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores: integration suites start real servers, keep parallelism modest.
    maxWorkers: 2,
  },
});
