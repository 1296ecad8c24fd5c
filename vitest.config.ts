// Vitest projects: unit (pure, fast, no services), integration (*.int.test.ts, real PostgreSQL and
// Redis prepared by tests/support/global-setup.ts), cluster (tests/cluster, run alone after the
// integration files) and fuzz (tests/fuzz, the same services; `npm run test:fuzz`, FUZZ_RUNS and
// FUZZ_SEED to size and replay it). e2e is Playwright (tests/e2e).
import { defineConfig } from 'vitest/config';

const exclude = ['node_modules/**', 'dist/**', '.data/**', 'tests/e2e/**', 'prisma/generated/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{core,api,worker,frontend,prisma,scripts,stand-ins}/**/*.test.{ts,tsx}', 'tests/contracts/**/*.test.ts'],
          exclude: [...exclude, '**/*.int.test.{ts,tsx}'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{core,api,worker,prisma,scripts,stand-ins,tests}/**/*.int.test.ts'],
          exclude: [...exclude, 'tests/cluster/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: files run in parallel, each with its own database and Redis prefix.
          maxWorkers: 2,
        },
      },
      {
        // tests/cluster: two APIs, two workers and nginx as real processes (scripts/start-cluster.ts).
        // Heavy for two cores, so it runs alone, after the integration files (`npm run
        // test:integration` runs both projects).
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.int.test.ts'],
          exclude,
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Bad input at scale (tests/fuzz/api.fuzz.test.ts): the whole API, in-process, real services.
        test: {
          name: 'fuzz',
          include: ['tests/fuzz/**/*.fuzz.test.ts'],
          exclude,
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
