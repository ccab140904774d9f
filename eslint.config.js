import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Command-line scripts talk to the person running them.
    files: ['scripts/**', 'bench/**', 'server/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Only the data-access modules speak SQL (STYLE rule 3): src/db/ and the services' *store.ts.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/**', 'server/src/**/*store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message:
                'Queries live in a *store.ts module or in src/db/; call one of its functions.',
            },
          ],
        },
      ],
    },
  },
  {
    // Nor do the entry points and the services touch the file system or the S3 SDK (rule 3):
    // src/storage/ does (stored objects, scratch files, the outbox, the web build), and the
    // media tools in src/media/ read the files they are handed.
    files: [
      'server/src/services/**/*.ts',
      'server/src/functions/**/*.ts',
      'server/src/routes/**/*.ts',
      'server/src/plugins/**/*.ts',
      'server/src/realtime/**/*.ts',
    ],
    ignores: ['server/src/**/*store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message:
                'Queries live in a *store.ts module or in src/db/; call one of its functions.',
            },
            {
              group: ['fs', 'fs/*', 'node:fs', 'node:fs/*', 'os', 'node:os'],
              message:
                'Files live behind src/storage/: stored objects (Storage) or scratch files (scratch-files.ts).',
            },
            {
              group: ['@aws-sdk/*'],
              message: 'S3 is reached through the Storage interface of src/storage/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every string an input schema takes is text() (domain/src/schemas/text.ts), which refuses
    // NUL and lone surrogates, text no database column holds.
    files: [
      'domain/src/**',
      'server/src/routes/**',
      'server/src/realtime/**',
      'server/src/functions/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Use text() from @music-rooms/domain: it refuses NUL and lone surrogates.',
        },
      ],
    },
  },
  {
    // A test object's override changes it in place: a test imported from a shared helper would
    // carry one file's fixtures (a server's settings) into every later file of its worker.
    files: ['server/test/**', 'e2e/**', 'domain/test/**', 'web/**/*.test.{ts,tsx}', 'bench/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'override',
          message:
            "A test's override changes the shared test object for every later file of the worker: make a file-local one with .extend(...).",
        },
      ],
    },
  },
  {
    // domain is shared by server and web: it may not reach for Node or the DOM.
    files: ['domain/src/**'],
    languageOptions: { globals: { ...globals.es2023 } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '@music-rooms/server*', '@music-rooms/web*'] },
      ],
    },
  },
);
