// Lint rules, including the dependency rule of docs/architecture.md:
//   frontend → core;  api → core, prisma;  worker → core, prisma;  api and worker never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.data/', 'prisma/generated/', 'test-results/', 'playwright-report/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './frontend', from: './api', message: 'The front end talks to the API over HTTP only.' },
            { target: './frontend', from: './worker', message: 'The front end never imports the worker.' },
            { target: './frontend', from: './prisma', message: 'The front end never touches the database.' },
            { target: './frontend', from: './scripts' },
            { target: './api', from: './worker', message: 'api and worker meet only in the database and core/jobs.ts.' },
            { target: './worker', from: './api', message: 'api and worker meet only in the database and core/jobs.ts.' },
            { target: './api', from: './frontend' },
            { target: './worker', from: './frontend' },
            { target: './core', from: ['./api', './worker', './frontend', './prisma', './scripts'], message: 'core depends on nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts'],
    rules: {
      // core is shared with the browser: no Node built-ins, no I/O.
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'pg', 'ioredis', 'bullmq'], message: 'core has no I/O.' }] }],
    },
  },
);
