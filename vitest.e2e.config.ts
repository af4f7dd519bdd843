import { defineConfig } from 'vitest/config';

/** Browser and Electron end-to-end tests: run after `npm run build`, one file at a time. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
