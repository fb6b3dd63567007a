// Flat config: typescript-eslint's recommended rules for every workspace, browser globals for ui/,
// and no regular expression that can backtrack super-linearly (a request field must never be able
// to hold the event loop: issue #13).
import js from '@eslint/js';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/.data/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  {
    // Business code sees ports only (@shop/platform); the adapters behind them are chosen by the
    // composition root (server). Tests and the test helpers still inside src may build real adapters.
    files: ['{command-api,read-api,projections}/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-fixtures.ts', '**/test-kit.ts', '**/*-fixture.ts', '**/contract.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@shop/platform/',
              message: 'Business code imports the ports from @shop/platform; adapters are wired in server/src/compose.ts.',
            },
            {
              regex: '^(\\.\\./)+(platform|server)/',
              message: 'Import @shop/platform (ports) instead of reaching into another package by path.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
