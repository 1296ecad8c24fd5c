// Structured JSON logs (pino) on stdout, one line per event, level from LOG_LEVEL. Every line logged
// while a job runs carries the request id that caused it as `reqId` (job-context.ts), the same id
// the API logged the request with.
import { pino, type DestinationStream, type Logger } from 'pino';
import type { WorkerEnv } from '../../core/env-schema';
import { currentRequestId } from './job-context';

export function createLogger(env: Pick<WorkerEnv, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = {
    name: 'worker',
    level: env.LOG_LEVEL,
    base: { service: 'worker', pid: process.pid },
    mixin: () => {
      const reqId = currentRequestId();
      return reqId === undefined ? {} : { reqId };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
