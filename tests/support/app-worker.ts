// A worker beside a test's API (serveTestApp): the same database, Redis and key prefix, and the
// API's public address for the links it e-mails, so jobs the API adds are the ones this worker runs.
import { WorkerEnv } from '../../core/env-schema';
import type { TestApp } from '../../api/src/testing/serve-test-app';
import { startWorker, type RunningWorker } from '../../worker/src/start-worker';
import { getTestRedisUrl, type TestDatabase } from './services';

/** The worker's environment as plain strings (also what a worker child process is given). */
export function appWorkerEnv(db: TestDatabase, app: TestApp, settings: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_URL: getTestRedisUrl(),
    REDIS_PREFIX: app.env.REDIS_PREFIX,
    PUBLIC_URL: app.env.PUBLIC_URL,
    ...settings,
  };
}

export function startAppWorker(db: TestDatabase, app: TestApp, settings: Record<string, string> = {}): Promise<RunningWorker> {
  return startWorker({ env: WorkerEnv.parse(appWorkerEnv(db, app, settings)), prisma: db.prisma });
}
