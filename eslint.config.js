// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'test-results', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The gateway runs under plain Node and inside Electron's main process alike.
    files: [
      'electron/gateway/**',
      'electron/store/**',
      'electron/services/**',
      'electron/cli/**',
      'electron/launcher/**',
      'electron/secrets/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only electron/main and electron/preload may import electron.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // What runs in the page; renderer/build is the build's own code (Vite plugins), and tests
    // that read the sources with Node sit under test/renderer.
    files: ['renderer/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'fs',
                'child_process',
                'better-sqlite3',
                '@napi-rs/keyring',
                'electron',
              ],
              message: 'The renderer reaches the app through renderer/src/api only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract's schemas are the main process's checks. The renderer (and the preload,
    // which bundles shared/contract.ts) take only their types, so zod stays out of the bundles.
    files: ['renderer/**', 'electron/preload/**', 'shared/contract.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', '**/contract-schemas.ts', '**/tariff.ts'],
              allowTypeImports: true,
              message:
                'Only types from the contract schemas here (import type): zod stays out of the renderer and preload bundles.',
            },
          ],
        },
      ],
    },
  },
);
