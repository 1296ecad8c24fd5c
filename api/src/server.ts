// The API process: parse the environment, connect to PostgreSQL and Redis, listen on HOST:PORT.
// SIGTERM/SIGINT: stop accepting connections, let open requests finish (bounded), then close the
// queues, Redis and Prisma and exit 0.
import { Redis } from 'ioredis';
import { paymentsLine, paymentsMode } from '../../core/env-schema';
import { createPrisma } from '../../prisma/db';
import { createApp } from './app';
import { loadApiEnv } from './env';
import { createHttpServer } from './http-server';
import { API_REDIS_OPTIONS } from './redis-options';
import { createLogger } from './logger';

const SHUTDOWN_GRACE_MS = 10_000;

const env = loadApiEnv();
const logger = createLogger(env);
const prisma = createPrisma(env.DATABASE_URL, { max: env.DATABASE_POOL_MAX });
// Requests should fail fast (and be answered) rather than queue for long while Redis is away.
const redis = new Redis(env.REDIS_URL, API_REDIS_OPTIONS);
let lastRedisError = 0;
redis.on('error', (err) => {
  // ioredis reports every reconnect attempt: log at most one line every 10 s.
  if (Date.now() - lastRedisError > 10_000) logger.warn({ err }, 'redis connection error');
  lastRedisError = Date.now();
});

const { app, close: closeApp } = createApp({ env, prisma, redis, logger });
const server = createHttpServer(app.callback());

server.on('error', (err) => {
  logger.fatal({ err }, `cannot listen on ${env.HOST}:${env.PORT}`);
  process.exit(1);
});

server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  logger.info({ url: `http://${host}:${port}` }, `API listening on http://${host}:${port}`);
  logger.info({ payments: paymentsMode(env), stripeApi: env.STRIPE_API_URL ?? null }, paymentsLine(env));
});

let isShuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (isShuttingDown) return;
  isShuttingDown = true;
  logger.info({ signal }, 'shutting down');
  const forceExit = setTimeout(() => {
    logger.warn('open connections did not finish in time; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS + 5_000);
  forceExit.unref();

  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, SHUTDOWN_GRACE_MS).unref();
  });
  const results = await Promise.allSettled([closeApp().then(() => redis.quit()), prisma.$disconnect()]);
  for (const result of results) {
    if (result.status === 'rejected') logger.warn({ err: result.reason }, 'error while closing');
  }
  logger.info('stopped');
  process.exit(0);
}

process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
