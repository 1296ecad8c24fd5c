// Lint rules, including the dependency rule of docs/architecture.md:
//   frontend → core;  api → core, prisma;  worker → core, prisma;  api and worker never import each other;
//   (the API loads the front end's SSR build by file path at run time, never its source: decisions/0018);
//   scripts (the top: start, build, bench, db) may import anything, and only tests import scripts;
//   prisma is the database only (nothing of ours but core);
//   api/src/domain knows nothing of HTTP (no koa, no middleware, no routes);
//   a page folder never imports another page's folder (shared UI lives in frontend/src/components);
//   core is shared with the browser: no Node built-ins, except in core/**/*.server.ts, which only
//   Node code may import.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** One zone per page folder: it may import from frontend/src/pages only its own folder. */
const pageZones = readdirSync(new URL('./frontend/src/pages/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: `./frontend/src/pages/${entry.name}`,
    from: './frontend/src/pages',
    except: [`./${entry.name}`],
    message: 'A page does not import another page: move what both need to frontend/src/components.',
  }));

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
      // Counts value imports only; `npm run lint` also runs scripts/lint/import-cycles.ts, which counts
      // type-only and dynamic imports too (a circle of types is still a circle to read).
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
            {
              target: './api',
              from: './frontend',
              message: "The API never imports front-end source: it loads the front end's SSR build at run time (api/src/spa/first-screen.ts, docs/decisions/0018).",
            },
            { target: './worker', from: './frontend' },
            { target: './core', from: ['./api', './worker', './frontend', './prisma', './scripts'], message: 'core depends on nothing of ours.' },
            { target: './frontend', from: './core/**/*.server.ts', message: 'core/**/*.server.ts reads files: Node code only.' },
            {
              target: ['./api', './worker', './prisma', './core', './frontend'],
              from: './scripts',
              message: 'scripts/ is the top layer (start, build, bench, db): nothing imports it.',
            },
            { target: './prisma', from: ['./api', './worker', './frontend'], message: 'prisma/ is the database only.' },
            {
              target: ['./api', './worker', './prisma', './core', './frontend'],
              from: './stand-ins',
              message: 'Stand-ins are outside services (docs/decisions/0008): reached over their protocol, never imported, never in a production bundle.',
            },
            {
              target: './stand-ins',
              from: ['./api', './worker', './prisma', './core', './frontend', './scripts'],
              message: 'A stand-in models an outside service and knows nothing of ours.',
            },
            {
              target: './api/src/domain',
              from: ['./api/src/middleware', './api/src/routes', './api/src/spa', './api/src/app.ts'],
              message: 'Domain code knows nothing of HTTP: routes and middleware call it, not the other way round.',
            },
            {
              target: './api/src/spa',
              from: './api/src/routes',
              message: "The server's pages answer their first screen with core's parsers and paths (core/directory-query.ts, core/api-paths.ts), never through a router.",
            },
            ...pageZones,
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['swr/_internal'], message: "SWR's private entry point can change in any release: use its public API (useSWRConfig, unstable_serialize)." }] },
      ],
    },
  },
  {
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts', 'core/**/*.server.ts'],
    rules: {
      // core is shared with the browser: no Node built-ins, no I/O.
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'pg', 'ioredis', 'bullmq'], message: 'core has no I/O.' }] }],
    },
  },
  {
    files: ['api/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['koa', '@koa/*', 'koa-*'], message: 'Domain code knows nothing of HTTP: take plain data, return plain data.' }] },
      ],
    },
  },
);
