// Structured JSON logs (pino) for the API process. One root logger per process; every line logged
// while a request runs carries its request id as `reqId` (the mixin reads request-context.ts, which
// middleware/request-id.ts fills), whichever logger the code was given.
import { pino, type DestinationStream, type Logger } from 'pino';
import type { ApiEnv } from './env';
import { currentRequestId } from './request-context';

export type { Logger } from 'pino';

export function createLogger(env: Pick<ApiEnv, 'LOG_LEVEL' | 'NODE_ENV'>, destination?: DestinationStream): Logger {
  const options = {
    level: env.LOG_LEVEL,
    base: { service: 'api', env: env.NODE_ENV },
    mixin: () => {
      const reqId = currentRequestId();
      return reqId === undefined ? {} : { reqId };
    },
    // Belt and braces: request logs never carry bodies or cookies, and these keys stay hidden if a
    // caller logs an object that has them.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'password', '*.password'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
