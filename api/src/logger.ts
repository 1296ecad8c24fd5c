// Structured JSON logs (pino) for the API process. One root logger per process; each request gets
// a child carrying its request id (middleware/request-id.ts).
import { pino, type Logger } from 'pino';
import type { ApiEnv } from './env';

export type { Logger } from 'pino';

export function createLogger(env: Pick<ApiEnv, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: { service: 'api', env: env.NODE_ENV },
    // Belt and braces: request logs never carry bodies or cookies, and these keys stay hidden if a
    // caller logs an object that has them.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'password', '*.password'],
      censor: '[redacted]',
    },
  });
}
