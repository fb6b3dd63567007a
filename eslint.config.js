// Flat config: typescript-eslint's recommended rules for every workspace, browser globals for ui/,
// no regular expression that can backtrack super-linearly (a request field must never be able
// to hold the event loop: issue #13), and the storefront's import boundaries (issue #19).
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

/*
 * The storefront's layers (ui/src): a feature folder imports only shared code, never another
 * feature nor the app shell; shared code imports neither; only the app shell (app/, shell/,
 * main.tsx: router, layout) puts features together. What two features need goes to shared/.
 */
const UI = 'ui/src';
const UI_FEATURES = ['account', 'admin', 'auth', 'cart', 'checkout', 'compare', 'home', 'listing', 'my-list', 'orders', 'product'];
const UI_APP_SHELL = ['app', 'shell', 'main.tsx'];
const UI_SHARED = ['shared', 'api', 'store', 'session', 'test'];
const ui = (folder) => `${UI}/${folder}`;
const uiBoundaries = [
  ...UI_FEATURES.map((feature) => ({
    target: ui(feature),
    from: [...UI_FEATURES.filter((other) => other !== feature), ...UI_APP_SHELL].map(ui),
    message: 'A feature imports only shared code (shared/, api/, store/, session/, test/); move what two features need to ui/src/shared/.',
  })),
  {
    target: UI_SHARED.map(ui),
    from: [...UI_FEATURES, ...UI_APP_SHELL].map(ui),
    message: 'Shared code never imports a feature or the app shell.',
  },
];

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
    // composition root (server). Tests may build real adapters; their helpers live outside src
    // (test-support/, platform/test/).
    files: ['{command-api,read-api,projections}/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
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
    // The write side: no import cycle between its use-case folders (a cycle is a seam in the wrong place).
    files: ['command-api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['ui/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Relative imports with their .ts/.tsx extension resolve as Node does; no-cycle follows them
      // into TypeScript files, which it parses with typescript-eslint's parser.
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: uiBoundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
