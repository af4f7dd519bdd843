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
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores: integration suites start real servers, keep parallelism modest.
    maxWorkers: 2,
  },
});
