// The API and a worker beside it for one integration-test file (the tests that cross both, which
// only tests/integration may do): a database cloned for the file, the API (serveTestApp) with its
// own Redis prefix, a real SMTP server, and an in-process worker on the same database, Redis and
// key prefix, with the API's public address for the links it e-mails, so the jobs the API adds are
// the ones this worker runs and its e-mails arrive at that SMTP server.
import type { Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { WorkerEnv } from '../../core/env-schema';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import { startWorker, type RunningWorker } from '../../worker/src/start-worker';
import { createTestDatabase, getTestRedisUrl, type TestDatabase } from './services';
import { startTestSmtp, type TestSmtp } from './smtp';

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

export function startAppWorker(db: TestDatabase, app: TestApp, settings: Record<string, string> = {}, logger?: (env: WorkerEnv) => Logger): Promise<RunningWorker> {
  const env = WorkerEnv.parse(appWorkerEnv(db, app, settings));
  return startWorker({ env, prisma: db.prisma, ...(logger ? { logger: logger(env) } : {}) });
}

export interface AppAndWorker {
  readonly db: TestDatabase;
  /** The API. */
  readonly t: TestApp;
  /** The SMTP server the worker sends through. */
  readonly smtp: TestSmtp;
  readonly worker: RunningWorker;
}

export interface AppAndWorkerOptions {
  /** The API's environment over serveTestApp's test defaults (raised rate limits, ADMIN_EMAIL…). */
  apiEnv?: Record<string, string>;
  /** The worker's environment over appWorkerEnv's; SMTP_URL is the test SMTP server's. */
  workerEnv?: Record<string, string>;
  /** The API's logger (tests that read its lines); silent otherwise. */
  apiLogger?: Logger;
  /** The worker's logger, made from its parsed environment; silent otherwise. */
  workerLogger?: (env: WorkerEnv) => Logger;
}

/** Starts the four in order; stops them in reverse with close(), and likewise when one fails to start. */
export async function startAppAndWorker(options: AppAndWorkerOptions = {}): Promise<AppAndWorker & { close(): Promise<void> }> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closeOne of closers.splice(0).reverse()) await closeOne();
  };
  try {
    const db = await createTestDatabase();
    closers.push(() => db.drop());
    const smtp = await startTestSmtp();
    closers.push(() => smtp.close());
    const t = await serveTestApp({ database: db, env: options.apiEnv ?? {}, ...(options.apiLogger ? { logger: options.apiLogger } : {}) });
    closers.push(() => t.close());
    const worker = await startAppWorker(db, t, { SMTP_URL: smtp.url, ...options.workerEnv }, options.workerLogger);
    closers.push(() => worker.close());
    return { db, t, smtp, worker, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * startAppAndWorker in this file's beforeAll, closed in its afterAll. The answer's fields are read
 * inside tests and hooks (after the beforeAll); reading one earlier throws.
 */
export function useAppAndWorker(options: AppAndWorkerOptions = {}): AppAndWorker {
  let started: Awaited<ReturnType<typeof startAppAndWorker>> | undefined;
  beforeAll(async () => {
    started = await startAppAndWorker(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const running = (): AppAndWorker => {
    if (!started) throw new Error('useAppAndWorker: the app and worker start in beforeAll; read them inside a test or a hook');
    return started;
  };
  return {
    get db() {
      return running().db;
    },
    get t() {
      return running().t;
    },
    get smtp() {
      return running().smtp;
    },
    get worker() {
      return running().worker;
    },
  };
}
